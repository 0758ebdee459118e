import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next';

describe('safeNextPath', () => {
  it('keeps paths on this site', () => {
    expect(safeNextPath('/account')).toBe('/account');
    expect(safeNextPath('/search?query=a%26b#top')).toBe('/search?query=a%26b#top');
  });

  it.each([
    null,
    '',
    'account',
    '//evil.example/x',
    'https://evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
  ])('sends %s home', (next) => {
    expect(safeNextPath(next)).toBe('/');
  });
});
