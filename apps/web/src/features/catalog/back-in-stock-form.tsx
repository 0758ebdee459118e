import type { Product } from '@souq/contracts/catalog';
import type { StockAlertRequest } from '@souq/contracts/stock-alerts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { fieldAria, FormField, inputClass } from '../../components/ui/form-field';
import { apiErrorMessage, isRateLimited } from '../../lib/api-error';
import { useSignedIn } from '../../lib/session-api';
import { stockAlertsApi } from './stock-alerts-api';

/**
 * Under a sold-out choice: leave an email (a signed-in shopper may leave it empty: their
 * account's is used) to get one mail when that colour and size is back.
 */
export function BackInStockForm({
  product,
  colour,
  size,
}: {
  product: Product;
  colour: string | undefined;
  size: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const formId = useId();
  const signedIn = useSignedIn();
  const [request, { isLoading, isSuccess, error, reset }] =
    stockAlertsApi.useRequestStockAlertMutation();
  const candidates = product.variants.filter(
    (v) =>
      v.stock === 0 &&
      (v.colour === null || colour === undefined || v.colour === colour) &&
      (size === undefined || v.size === size),
  );
  const [chosen, setChosen] = useState<number>();
  const [email, setEmail] = useState('');
  const [emailMissing, setEmailMissing] = useState(false);
  const variantId =
    candidates.find((v) => v.id === chosen)?.id ??
    (candidates.length === 1 ? candidates[0]?.id : undefined);
  if (candidates.length === 0) return null;
  if (isSuccess)
    return (
      <p role="status" className="rounded bg-surface p-4 text-sm">
        {t('backInStock.done')}
      </p>
    );
  const id = (field: string) => `${formId}-${field}`;
  const emailError = emailMissing ? t('backInStock.emailMissing') : undefined;
  return (
    <form
      noValidate
      aria-label={t('backInStock.title')}
      className="flex flex-col gap-3 rounded border border-neutral-300 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        const typed = email.trim();
        if (!typed && signedIn !== true) {
          setEmailMissing(true);
          return;
        }
        if (variantId === undefined) return;
        reset();
        void request({
          variantId,
          language: i18n.language as StockAlertRequest['language'],
          ...(typed ? { email: typed } : {}),
        });
      }}
    >
      <p className="font-medium">{t('backInStock.title')}</p>
      {candidates.length > 1 && (
        <FormField id={id('size')} label={t('backInStock.which')}>
          <select
            id={id('size')}
            value={variantId ?? ''}
            onChange={(event) => setChosen(Number(event.target.value))}
            className="min-h-11 rounded border border-neutral-300 bg-white px-3"
          >
            <option value="" disabled>
              {t('backInStock.choose')}
            </option>
            {candidates.map((v) => (
              <option key={v.id} value={v.id}>
                {[v.colour, v.size].filter(Boolean).join(' / ')}
              </option>
            ))}
          </select>
        </FormField>
      )}
      <FormField
        id={id('email')}
        label={t('backInStock.email')}
        error={emailError}
        hint={signedIn === true ? t('backInStock.accountEmail') : undefined}
      >
        <input
          type="email"
          autoComplete="email"
          dir="ltr"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setEmailMissing(false);
          }}
          {...fieldAria(id('email'), emailError, signedIn === true ? 'hint' : undefined)}
          className={inputClass}
        />
      </FormField>
      {error && (
        <p role="alert" className="text-sm text-brand">
          {isRateLimited(error) ? t('backInStock.tooFast') : apiErrorMessage(t, error)}
        </p>
      )}
      <Button
        type="submit"
        variant="outline"
        className="min-h-11 self-start"
        disabled={isLoading || variantId === undefined}
      >
        {t('backInStock.submit')}
      </Button>
    </form>
  );
}
