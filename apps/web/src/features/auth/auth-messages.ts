import type { FieldError } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { fieldRuleMessage } from '../../lib/field-message';

/** The message beside a field, in the shopper's language, for the rule it broke. */
export function fieldMessage(
  t: TFunction,
  field: 'name' | 'email' | 'password' | 'newPassword' | 'confirmPassword',
  error: FieldError | undefined,
): string | undefined {
  if (!error) return undefined;
  // set by the page from the server's answer, already in words
  if (error.type === 'server') return error.message;
  if (field === 'name') return fieldRuleMessage(t, error, 'auth.fieldErrors.name');
  if (field === 'email') return t('auth.fieldErrors.email');
  if (field === 'confirmPassword') return t('auth.fieldErrors.confirmMismatch');
  if (error.type === 'too_big') return t('auth.fieldErrors.passwordLong');
  if (field === 'password' && error.message === 'Enter your password')
    return t('auth.fieldErrors.passwordRequired');
  return t('auth.fieldErrors.passwordShort');
}
