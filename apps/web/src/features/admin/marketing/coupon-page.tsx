import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { AdminCoupon, CouponEditorInput } from '@souq/contracts/admin-marketing';
import { majorUnitsText, parseMoney } from '@souq/contracts/money';
import { Button } from '../../../components/ui/button';
import { FormField, fieldAria } from '../../../components/ui/form-field';
import { Money } from '../../../components/ui/price';
import { apiErrorMessage, readApiError } from '../../../lib/api-error';
import { useAdminTranslation } from '../shared/admin-i18n';
import { StatusBadge } from '../shared/status-badge';
import { adminPaths } from '../shared/admin-paths';
import {
  controlClass,
  fromShopInput,
  Notice,
  SHOP_CURRENCY,
  SHOP_TIME_ZONE,
  toShopInput,
} from '../shared/list-parts';
import {
  useGetCouponQuery,
  useGetCouponUsesQuery,
  useSaveCouponMutation,
  useSetCouponPausedMutation,
} from './marketing-api';
import {
  LoadError,
  Loading,
  PageHeading,
  Pager,
  Panel,
  useDateFormat,
  RecordState,
} from '../shared/page-parts';

/** /admin/coupons/new and /admin/coupons/:id: the coupon's form, and for an existing one its uses. */
export function CouponPage() {
  const { t } = useAdminTranslation();
  const { id: idParam } = useParams();
  const id = idParam === 'new' ? undefined : Number(idParam);
  const coupon = useGetCouponQuery(id ?? 0, { skip: id === undefined });
  if (id === undefined) {
    return (
      <>
        <PageHeading title={t('coupons.new')} />
        <CouponForm />
      </>
    );
  }
  if (coupon.error || !coupon.data) {
    return <RecordState query={coupon} notFound={t('coupons.notFound')} />;
  }
  return (
    <>
      <PageHeading title={t('coupons.editTitle', { code: coupon.data.code })}>
        <StatusBadge state={coupon.data.state}>{t(`couponState.${coupon.data.state}`)}</StatusBadge>
      </PageHeading>
      <div className="flex flex-col gap-6">
        <PauseControl coupon={coupon.data} />
        <CouponForm key={coupon.data.id} coupon={coupon.data} />
        <CouponUses coupon={coupon.data} />
      </div>
    </>
  );
}

function PauseControl({ coupon }: { coupon: AdminCoupon }) {
  const { t } = useAdminTranslation();
  const { t: shopT } = useTranslation();
  const [setPaused, { isLoading, error }] = useSetCouponPausedMutation();
  return (
    <div className="flex flex-wrap items-center gap-3 rounded bg-white p-4 shadow-sm">
      <p className="flex-1">{coupon.paused ? t('coupons.pausedNote') : t('coupons.livePause')}</p>
      <Button
        variant="outline"
        disabled={isLoading}
        onClick={() => void setPaused({ id: coupon.id, paused: !coupon.paused })}
        className="min-h-11"
      >
        {coupon.paused ? t('coupons.resume') : t('coupons.pause')}
      </Button>
      {error && <Notice failed text={apiErrorMessage(shopT, error)} />}
    </div>
  );
}

function CouponForm({ coupon }: { coupon?: AdminCoupon }) {
  const { t } = useAdminTranslation();
  const { t: shopT } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [save, { isLoading }] = useSaveCouponMutation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ text: string; failed?: boolean } | null>(null);
  const [kind, setKind] = useState(coupon?.kind ?? 'percent');
  const locked = (coupon?.usesCount ?? 0) > 0;

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value.trim() : '';
    };
    const whole = (name: string) => (text(name) === '' ? null : Number(text(name)));
    const money = (name: string) =>
      text(name) === '' ? null : parseMoney(text(name), SHOP_CURRENCY);
    const notAmounts = (kind === 'percent' ? ['minSubtotal'] : ['amount', 'minSubtotal']).filter(
      (name) => text(name) !== '' && money(name) === null,
    );
    if (notAmounts.length > 0) {
      const reason = t('editor.moneyInvalid', { currency: SHOP_CURRENCY });
      setErrors(Object.fromEntries(notAmounts.map((name) => [name, reason])));
      setNotice({ text: reason, failed: true });
      return;
    }
    const body: CouponEditorInput = {
      code: text('code'),
      kind,
      amount: (kind === 'percent' ? whole('amount') : money('amount')) ?? 0,
      minSubtotal: money('minSubtotal') ?? 0,
      startsAt: fromShopInput(text('startsAt')),
      endsAt: fromShopInput(text('endsAt')),
      maxUses: whole('maxUses'),
      maxUsesPerEmail: whole('maxUsesPerEmail'),
      email: text('email') || null,
      paused: form.get('paused') === 'on',
    };
    const result = await save({ id: coupon?.id, coupon: body });
    if (result.error) {
      const { fields } = readApiError(result.error);
      setErrors(fields);
      setNotice({ text: apiErrorMessage(shopT, result.error), failed: true });
      return;
    }
    setErrors({});
    setNotice({ text: t('coupons.saved') });
    if (!coupon) await navigate(adminPaths.coupon(result.data.id));
  };

  const field = (name: string) => ({
    id: `${id}-${name}`,
    error: errors[name] ? t('marketing.fieldInvalid', { reason: errors[name] }) : undefined,
  });
  const aria = (name: string) => fieldAria(`${id}-${name}`, errors[name]);
  return (
    <Panel id={`${id}-form`} title={t('coupons.terms')}>
      <form
        onSubmit={(e) => void submit(e)}
        noValidate
        className="grid gap-x-4 gap-y-1 md:grid-cols-2"
      >
        <FormField label={t('coupons.code')} required {...field('code')}>
          <input
            {...aria('code')}
            name="code"
            defaultValue={coupon?.code ?? ''}
            readOnly={locked}
            maxLength={40}
            autoCapitalize="characters"
            dir="ltr"
            className={`${controlClass} font-mono uppercase read-only:bg-neutral-100`}
          />
        </FormField>
        <p className="self-center text-sm text-muted">
          {locked ? t('coupons.codeLocked') : t('coupons.codeHint')}
        </p>
        <fieldset className="flex flex-col gap-1 md:col-span-2">
          <legend className="text-sm text-neutral-700">{t('coupons.kind')}</legend>
          <div className="flex flex-wrap gap-4 pb-4">
            {(['percent', 'fixed'] as const).map((k) => (
              <label key={k} className="inline-flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name="kind"
                  value={k}
                  checked={kind === k}
                  onChange={() => setKind(k)}
                />
                {t(`coupons.kind_${k}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <FormField
          label={kind === 'percent' ? t('coupons.percent') : t('coupons.amountMoney')}
          required
          {...field('amount')}
        >
          <input
            {...aria('amount')}
            name="amount"
            inputMode="decimal"
            defaultValue={
              coupon
                ? coupon.kind === 'percent'
                  ? String(coupon.amount)
                  : majorUnitsText(coupon.amount, SHOP_CURRENCY)
                : ''
            }
            className={controlClass}
          />
        </FormField>
        <FormField label={t('coupons.minSubtotal')} {...field('minSubtotal')}>
          <input
            {...aria('minSubtotal')}
            name="minSubtotal"
            inputMode="decimal"
            defaultValue={coupon ? majorUnitsText(coupon.minSubtotal, SHOP_CURRENCY) : '0'}
            className={controlClass}
          />
        </FormField>
        <FormField label={t('coupons.startsAt', { zone: SHOP_TIME_ZONE })} {...field('startsAt')}>
          <input
            {...aria('startsAt')}
            name="startsAt"
            type="datetime-local"
            defaultValue={toShopInput(coupon?.startsAt ?? null)}
            className={controlClass}
          />
        </FormField>
        <FormField label={t('coupons.endsAt', { zone: SHOP_TIME_ZONE })} {...field('endsAt')}>
          <input
            {...aria('endsAt')}
            name="endsAt"
            type="datetime-local"
            defaultValue={toShopInput(coupon?.endsAt ?? null)}
            className={controlClass}
          />
        </FormField>
        <FormField label={t('coupons.maxUses')} {...field('maxUses')}>
          <input
            {...aria('maxUses')}
            name="maxUses"
            inputMode="numeric"
            defaultValue={coupon?.maxUses ?? ''}
            className={controlClass}
          />
        </FormField>
        <FormField label={t('coupons.maxUsesPerEmail')} {...field('maxUsesPerEmail')}>
          <input
            {...aria('maxUsesPerEmail')}
            name="maxUsesPerEmail"
            inputMode="numeric"
            defaultValue={coupon?.maxUsesPerEmail ?? ''}
            className={controlClass}
          />
        </FormField>
        <FormField label={t('coupons.email')} {...field('email')} className="md:col-span-2">
          <input
            {...aria('email')}
            name="email"
            type="email"
            dir="ltr"
            defaultValue={coupon?.email ?? ''}
            className={controlClass}
          />
        </FormField>
        {!coupon && (
          <label className="inline-flex min-h-11 items-center gap-2 md:col-span-2">
            <input type="checkbox" name="paused" />
            {t('coupons.startPaused')}
          </label>
        )}
        {coupon && <input type="hidden" name="paused" value={coupon.paused ? 'on' : ''} />}
        <div className="flex flex-wrap items-center gap-3 pt-2 md:col-span-2">
          <Button type="submit" disabled={isLoading} className="min-h-11">
            {coupon ? t('coupons.save') : t('coupons.create')}
          </Button>
          <Link
            to={adminPaths.coupons}
            className="inline-flex min-h-11 items-center px-2 underline"
          >
            {t('coupons.back')}
          </Link>
        </div>
        {notice && (
          <div className="md:col-span-2">
            <Notice {...notice} />
          </div>
        )}
      </form>
    </Panel>
  );
}

/** The orders that used the coupon, newest first, narrowed to one customer's email if asked. */
function CouponUses({ coupon }: { coupon: AdminCoupon }) {
  const { t } = useAdminTranslation();
  const { dateTime } = useDateFormat();
  const [params, setParams] = useSearchParams();
  const email = params.get('email') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const uses = useGetCouponUsesQuery({ id: coupon.id, email: email || undefined, page });
  const id = useId();
  return (
    <Panel id={`${id}-uses`} title={t('coupons.uses')}>
      <form
        role="search"
        aria-label={t('coupons.usesSearch')}
        className="mb-4 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const value = new FormData(event.currentTarget).get('email');
          setParams(typeof value === 'string' && value.trim() ? { email: value.trim() } : {});
        }}
      >
        <label className="flex min-w-0 flex-1 basis-56 flex-col gap-1 text-sm">
          {t('coupons.usesByEmail')}
          <input
            name="email"
            type="search"
            dir="ltr"
            defaultValue={email}
            className={controlClass}
          />
        </label>
        <Button type="submit" variant="outline" className="min-h-11">
          {t('marketing.search')}
        </Button>
      </form>
      {uses.error ? (
        <LoadError error={uses.error} onRetry={() => void uses.refetch()} />
      ) : !uses.data ? (
        <Loading />
      ) : uses.data.items.length === 0 ? (
        <p className="text-muted">{t('coupons.noUses')}</p>
      ) : (
        <>
          <ul className="flex flex-col divide-y divide-neutral-100">
            {uses.data.items.map((use) => (
              <li
                key={use.order.id}
                className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3 text-sm"
              >
                <Link
                  to={adminPaths.order(use.order.id)}
                  className="font-medium text-brand hover:underline"
                >
                  <bdi dir="ltr">{use.order.number}</bdi>
                </Link>
                <bdi dir="ltr" className="flex-1">
                  {use.email}
                </bdi>
                <span className="text-muted">{dateTime(use.at)}</span>
                <span>
                  − <Money amount={use.discount} currency={use.currency} />
                </span>
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            hasMore={uses.data.hasMore}
            hrefFor={(n) =>
              `${adminPaths.coupon(coupon.id)}?${new URLSearchParams({ ...(email ? { email } : {}), page: String(n) }).toString()}`
            }
          />
        </>
      )}
    </Panel>
  );
}
