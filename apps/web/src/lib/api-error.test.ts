import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { errorCodes } from '@souq/contracts/error-codes';
import english from '../locales/en/errors.json';
import arabic from '../locales/ar/errors.json';
import { apiErrorMessage, readApiError } from './api-error';

const serverError = (status: number, code: string, fields?: Record<string, unknown>) => ({
  status,
  data: { error: { code, message: 'English text from the server', fields } },
});

describe('API error messages', () => {
  it.each(errorCodes)('has an English and an Arabic message for %s', (code) => {
    expect(english.apiErrors).toHaveProperty(code);
    expect(arabic.apiErrors).toHaveProperty(code);
    const ar = (arabic.apiErrors as Record<string, string>)[code] ?? '';
    expect(ar).toMatch(/[\u0600-\u06FF]/);
    expect(ar).not.toBe((english.apiErrors as Record<string, string>)[code]);
  });

  it('speaks the shopper’s language, never the server’s English message', async () => {
    const t = i18next.createInstance();
    await t.init({
      lng: 'ar',
      resources: { ar: { translation: arabic }, en: { translation: english } },
    });
    const message = apiErrorMessage(t.t, serverError(409, 'insufficient_stock'));
    expect(message).toBe(arabic.apiErrors.insufficient_stock);
    expect(
      apiErrorMessage(t.t, serverError(401, 'invalid_credentials'), {
        invalid_credentials: 'override',
      }),
    ).toBe('override');
    expect(apiErrorMessage(t.t, serverError(418, 'teapot'))).toBe(arabic.apiErrors.unknown);
    expect(apiErrorMessage(t.t, { status: 'FETCH_ERROR', error: 'x' })).toBe(
      arabic.apiErrors.offline,
    );
  });

  it('reads code, status and string field messages, ignoring anything else', () => {
    expect(readApiError(serverError(400, 'invalid_request', { email: 'bad', count: 3 }))).toEqual({
      status: 400,
      code: 'invalid_request',
      fields: { email: 'bad' },
    });
    expect(readApiError({ status: 502, data: '<html>' })).toEqual({
      status: 502,
      code: undefined,
      fields: {},
    });
    expect(readApiError(null)).toEqual({ status: undefined, code: undefined, fields: {} });
  });
});
