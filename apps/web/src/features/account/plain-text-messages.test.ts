import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { addressInputSchema } from '@souq/contracts/addresses';
import { signUpSchema } from '@souq/contracts/auth';
import arAccount from '../../locales/ar/account.json';
import arAuth from '../../locales/ar/auth.json';
import enAccount from '../../locales/en/account.json';
import enAuth from '../../locales/en/auth.json';
import { fieldMessage } from '../auth/auth-messages';
import { accountFieldMessage } from './account-messages';

const i18n = i18next.createInstance();
await i18n.init({
  lng: 'en',
  resources: {
    en: { translation: { ...enAuth, ...enAccount } },
    ar: { translation: { ...arAuth, ...arAccount } },
  },
});

/** The form error react-hook-form would hold for `field`, from the contract's own rule. */
function formError(
  schema: typeof signUpSchema | typeof addressInputSchema,
  value: object,
  field: string,
) {
  const result = schema.safeParse(value);
  const issue = result.error?.issues.find((i) => i.path[0] === field);
  return issue ? { type: issue.code, message: issue.message } : undefined;
}

describe('messages for control characters in names and addresses', () => {
  it('the sign-up form says what is wrong with a name holding a control character', () => {
    const t = i18n.getFixedT('en');
    const error = formError(
      signUpSchema,
      { name: 'Ali\u0000', email: 'ali@example.com', password: 'a long passphrase' },
      'name',
    );
    expect(fieldMessage(t, 'name', error)).toBe(
      'Use letters, numbers and punctuation only, on one line',
    );
    expect(fieldMessage(t, 'name', formError(signUpSchema, { name: '' }, 'name'))).toBe(
      'Enter your name',
    );
  });

  it('the address book says it too, in Arabic as well', () => {
    const error = formError(addressInputSchema, { firstName: '\u001b[31m' }, 'firstName');
    expect(
      accountFieldMessage(i18n.getFixedT('en'), error, 'account.addresses.errors.firstName'),
    ).toBe('Use letters, numbers and punctuation only, on one line');
    expect(
      accountFieldMessage(i18n.getFixedT('ar'), error, 'account.addresses.errors.firstName'),
    ).toBe('استخدم الحروف والأرقام وعلامات الترقيم فقط، في سطر واحد');
    const empty = formError(addressInputSchema, { firstName: '' }, 'firstName');
    expect(
      accountFieldMessage(i18n.getFixedT('en'), empty, 'account.addresses.errors.firstName'),
    ).toBe('Enter a first name');
  });
});
