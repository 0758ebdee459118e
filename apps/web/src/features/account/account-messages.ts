import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';
import { PLAIN_TEXT_MESSAGE } from '@souq/contracts/plain-text';

/** The message beside a field: the field's own, or the one for control characters. */
export function accountFieldMessage(
  t: TFunction,
  error: FieldError | undefined,
  messageKey: string,
): string | undefined {
  if (!error) return undefined;
  return error.message === PLAIN_TEXT_MESSAGE ? t('account.plainText') : t(messageKey);
}
