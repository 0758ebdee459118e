import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';
import { PLAIN_TEXT_MESSAGE } from '@souq/contracts/plain-text';
import { apiErrorCode } from '../../lib/api';

/** The message beside a field: the field's own, or the one for control characters. */
export function accountFieldMessage(
  t: TFunction,
  error: FieldError | undefined,
  messageKey: string,
): string | undefined {
  if (!error) return undefined;
  return error.message === PLAIN_TEXT_MESSAGE ? t('account.plainText') : t(messageKey);
}

const knownErrors = new Set([
  'invalid_credentials',
  'weak_password',
  'photo_not_image',
  'photo_too_large',
  'too_many_addresses',
  'unauthenticated',
  'cross_origin',
]);

/** A server error in the shopper's language. */
export function accountServerMessage(t: TFunction, error: unknown): string {
  const code = apiErrorCode(error);
  return code && knownErrors.has(code)
    ? t(`account.serverErrors.${code}`)
    : t('account.serverErrors.unknown');
}
