import { parseMoney } from '@souq/contracts/money';
import { fieldAria, FormField, inputClass } from '../../../components/ui/form-field';
import { useAdminTranslation } from './admin-i18n';

/**
 * An amount typed in the currency's major units ("12.5"); the form turns it into minor units
 * with parseMoney. A text that is not an amount is named beside the field as it is left.
 */
export function MoneyField({
  id,
  label,
  currency,
  value,
  onChange,
  optional = false,
  serverError,
}: {
  id: string;
  label: string;
  currency: string;
  value: string;
  onChange: (text: string) => void;
  optional?: boolean;
  serverError?: string;
}) {
  const { t } = useAdminTranslation();
  const empty = value.trim() === '';
  const invalid = empty ? !optional : parseMoney(value, currency) === null;
  const error = invalid ? t('editor.moneyInvalid', { currency }) : serverError;
  return (
    <FormField id={id} label={`${label} (${currency})`} error={error}>
      <input
        {...fieldAria(id, error)}
        inputMode="decimal"
        dir="ltr"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        className={`${inputClass} min-h-11 border border-neutral-300 bg-white`}
      />
    </FormField>
  );
}
