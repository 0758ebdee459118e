import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  couponEditorSchema,
  type AdminCoupon,
  type CouponEditor,
  type CouponEditorInput,
} from '@souq/contracts/admin-marketing';
import { Button } from '../../../components/ui/button';
import { Money } from '../../../components/ui/price';
import { apiErrorMessage } from '../../../lib/api-error';
import {
  AdminForm,
  CheckboxInput,
  DateTimeInput,
  MoneyInput,
  NumberInput,
  RadioInput,
  TextInput,
  useAdminForm,
} from '../shared/admin-form';
import { useAdminTranslation } from '../shared/admin-i18n';
import { StatusBadge } from '../shared/status-badge';
import { adminPaths } from '../shared/admin-paths';
import { controlClass, Notice, SHOP_TIME_ZONE } from '../shared/list-parts';
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
import { useShopCurrency } from '../shared/admin-api';

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

/** What a new coupon's form starts with: a percentage, no limits, from now on. */
const newCoupon = {
  code: '',
  kind: 'percent',
  minSubtotal: 0,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerEmail: null,
  email: null,
  paused: false,
} as const;

function CouponForm({ coupon }: { coupon?: AdminCoupon }) {
  const { t } = useAdminTranslation();
  const { t: shopT } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [save, { isLoading }] = useSaveCouponMutation();
  const currency = useShopCurrency();
  const [notice, setNotice] = useState<{ text: string; failed?: boolean } | null>(null);
  const form = useAdminForm(couponEditorSchema, coupon ?? newCoupon);
  const kind = form.watch('kind');
  const locked = (coupon?.usesCount ?? 0) > 0;

  // An amount means something else in the other kind (15 % is not 0.15 USD): a new kind starts
  // with a blank amount.
  useEffect(() => {
    const watching = form.watch((_, { name }) => {
      if (name === 'kind') form.setValue('amount', undefined as never);
    });
    return () => watching.unsubscribe();
  }, [form]);

  const submit = async (values: CouponEditor) => {
    // Pausing is the control above the form, so a save keeps the coupon's state as it is now.
    const result = await save({
      id: coupon?.id,
      coupon: coupon ? { ...values, paused: coupon.paused } : values,
    });
    if (result.error) {
      setNotice({ text: apiErrorMessage(shopT, result.error), failed: true });
      return result;
    }
    setNotice({ text: t('coupons.saved') });
    if (!coupon) await navigate(adminPaths.coupon(result.data.id));
    return result;
  };

  return (
    <Panel id={`${id}-form`} title={t('coupons.terms')}>
      <AdminForm form={form} onSubmit={submit} className="grid gap-x-4 gap-y-1 md:grid-cols-2">
        <TextInput<CouponEditorInput>
          name="code"
          label={t('coupons.code')}
          hint={locked ? t('coupons.codeLocked') : t('coupons.codeHint')}
          invalidText={t('coupons.codeError')}
          required
          readOnly={locked}
          maxLength={40}
          autoCapitalize="characters"
          autoComplete="off"
          dir="ltr"
          className="md:col-span-2"
        />
        <RadioInput<CouponEditorInput>
          name="kind"
          label={t('coupons.kind')}
          options={(['percent', 'fixed'] as const).map((k) => ({
            value: k,
            label: t(`coupons.kind_${k}`),
          }))}
          className="md:col-span-2"
        />
        {kind === 'percent' ? (
          <NumberInput<CouponEditorInput>
            key="percent"
            name="amount"
            label={t('coupons.percent')}
            invalidText={t('coupons.percentError')}
          />
        ) : (
          <MoneyInput<CouponEditorInput>
            key="fixed"
            name="amount"
            label={t('coupons.amountMoney')}
            currency={currency}
          />
        )}
        <MoneyInput<CouponEditorInput>
          name="minSubtotal"
          label={t('coupons.minSubtotal')}
          currency={currency}
        />
        <DateTimeInput<CouponEditorInput>
          name="startsAt"
          label={t('coupons.startsAt', { zone: SHOP_TIME_ZONE })}
          optional
        />
        <DateTimeInput<CouponEditorInput>
          name="endsAt"
          label={t('coupons.endsAt', { zone: SHOP_TIME_ZONE })}
          invalidText={t('coupons.endsAtError')}
          optional
        />
        <NumberInput<CouponEditorInput>
          name="maxUses"
          label={t('coupons.maxUses')}
          invalidText={t('coupons.countError')}
          optional
        />
        <NumberInput<CouponEditorInput>
          name="maxUsesPerEmail"
          label={t('coupons.maxUsesPerEmail')}
          invalidText={t('coupons.countError')}
          optional
        />
        <TextInput<CouponEditorInput>
          name="email"
          type="email"
          dir="ltr"
          empty="null"
          autoComplete="off"
          label={t('coupons.email')}
          invalidText={t('coupons.emailError')}
          className="md:col-span-2"
        />
        {!coupon && (
          <CheckboxInput<CouponEditorInput>
            name="paused"
            label={t('coupons.startPaused')}
            className="md:col-span-2"
          />
        )}
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
      </AdminForm>
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
