import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { addressInputSchema } from '@souq/contracts/addresses';
import { signUpSchema } from '@souq/contracts/auth';
import { contactMessageInputSchema } from '@souq/contracts/contact';
import arAccount from '../locales/ar/account.json';
import arAuth from '../locales/ar/auth.json';
import arCommon from '../locales/ar/common.json';
import enAccount from '../locales/en/account.json';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import { fieldRuleMessage } from './field-message';

const i18n = i18next.createInstance();
await i18n.init({
  lng: 'en',
  resources: {
    en: { translation: { ...enCommon, ...enAuth, ...enAccount } },
    ar: { translation: { ...arCommon, ...arAuth, ...arAccount } },
  },
});

/** The form error react-hook-form would hold for `field`, from the contract's own rule. */
function formError(
  schema: typeof signUpSchema | typeof addressInputSchema | typeof contactMessageInputSchema,
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
    expect(fieldRuleMessage(t, error, 'auth.fieldErrors.name')).toBe(
      'Use letters, numbers and punctuation only, on one line',
    );
    const empty = formError(signUpSchema, { name: '' }, 'name');
    expect(fieldRuleMessage(t, empty, 'auth.fieldErrors.name')).toBe('Enter your name');
  });

  it('the address book says it too, in Arabic as well', () => {
    const error = formError(addressInputSchema, { firstName: '\u001b[31m' }, 'firstName');
    const key = 'account.addresses.errors.firstName';
    expect(fieldRuleMessage(i18n.getFixedT('en'), error, key)).toBe(
      'Use letters, numbers and punctuation only, on one line',
    );
    expect(fieldRuleMessage(i18n.getFixedT('ar'), error, key)).toBe(
      'استخدم الحروف والأرقام وعلامات الترقيم فقط، في سطر واحد',
    );
    const empty = formError(addressInputSchema, { firstName: '' }, 'firstName');
    expect(fieldRuleMessage(i18n.getFixedT('en'), empty, key)).toBe('Enter a first name');
  });

  it('the contact form says a message may hold line breaks but not invisible characters', () => {
    const message = (text: string) =>
      formError(
        contactMessageInputSchema,
        { name: 'Ali', email: 'ali@example.com', phone: '+962 6 555 0101', message: text },
        'message',
      );
    const key = 'pages.contact.errors.message';
    expect(message('Line one\nLine two')).toBeUndefined();
    expect(fieldRuleMessage(i18n.getFixedT('en'), message('Hi\u202e'), key)).toBe(
      'Use letters, numbers, punctuation and line breaks only',
    );
    expect(fieldRuleMessage(i18n.getFixedT('ar'), message('Hi\u0000'), key)).toBe(
      'استخدم الحروف والأرقام وعلامات الترقيم وفواصل الأسطر فقط',
    );
  });
});
