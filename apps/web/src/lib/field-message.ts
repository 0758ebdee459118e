import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';
import { MULTI_LINE_TEXT_MESSAGE, PLAIN_TEXT_MESSAGE } from '@souq/contracts/plain-text';

/**
 * The message beside a field in the person's language: text holding a control or invisible
 * formatting character (the contracts' singleLineText and multiLineText rules) gets its own
 * words, any other broken rule the field's message.
 */
export function fieldRuleMessage(
  t: TFunction,
  error: FieldError | undefined,
  messageKey: string,
): string | undefined {
  if (!error) return undefined;
  if (error.message === PLAIN_TEXT_MESSAGE) return t('form.plainText');
  if (error.message === MULTI_LINE_TEXT_MESSAGE) return t('form.multiLineText');
  return t(messageKey);
}
