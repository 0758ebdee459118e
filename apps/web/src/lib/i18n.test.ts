import { describe, expect, it } from 'vitest';
import { initialLanguage, preferredLanguage } from './i18n';

describe('the starting language', () => {
  it('follows a lang query parameter first', () => {
    expect(initialLanguage('?lang=ar', 'en', ['en-US'])).toBe('ar');
  });

  it('ignores an unknown lang parameter', () => {
    expect(initialLanguage('?lang=xx', null, ['en-GB'])).toBe('en');
  });

  it('keeps the earlier choice over the browser languages', () => {
    expect(initialLanguage('', 'en', ['ar-EG'])).toBe('en');
  });

  it('falls back to the first browser language we have, then English', () => {
    expect(initialLanguage('', null, ['fr-FR', 'ar-SA', 'en'])).toBe('ar');
    expect(initialLanguage('', null, ['de', 'fr'])).toBe('en');
    expect(preferredLanguage(['AR'])).toBe('ar');
    expect(preferredLanguage([])).toBeNull();
  });
});
