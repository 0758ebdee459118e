import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';
import { PLAIN_TEXT_MESSAGE } from '@souq/contracts/plain-text';

/**
 * The message beside a field in the shopper's language: a name or address holding a control
 * character (the contracts' plainText rule) gets its own words, any other broken rule the
 * field's message.
 */
export function fieldRuleMessage(
  t: TFunction,
  error: FieldError | undefined,
  messageKey: string,
): string | undefined {
  if (!error) return undefined;
  return error.message === PLAIN_TEXT_MESSAGE ? t('form.plainText') : t(messageKey);
}
