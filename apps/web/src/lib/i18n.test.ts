import { describe, expect, it } from 'vitest';
import { initialLanguage, preferredLanguage } from './i18n';

describe('the starting language', () => {
  it('follows a lang query parameter first, and counts it as a choice', () => {
    expect(initialLanguage('?lang=ar', 'en', ['en-US'])).toEqual({
      language: 'ar',
      fromQuery: true,
    });
  });

  it('ignores an unknown lang parameter', () => {
    expect(initialLanguage('?lang=xx', null, ['en-GB'])).toEqual({
      language: 'en',
      fromQuery: false,
    });
  });

  it('keeps the earlier choice over the browser languages', () => {
    expect(initialLanguage('', 'en', ['ar-EG'])).toEqual({ language: 'en', fromQuery: false });
  });

  it('falls back to the first browser language we have, then English', () => {
    expect(initialLanguage('', null, ['fr-FR', 'ar-SA', 'en'])).toEqual({
      language: 'ar',
      fromQuery: false,
    });
    expect(initialLanguage('', null, ['de', 'fr'])).toEqual({ language: 'en', fromQuery: false });
    expect(preferredLanguage(['AR'])).toBe('ar');
    expect(preferredLanguage([])).toBeNull();
  });
});
