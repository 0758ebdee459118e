import type { TFunction } from 'i18next';
import { apiErrorCode } from '../../lib/api';

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
