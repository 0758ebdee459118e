import { describe, expect, it } from 'vitest';
import { safeNextPath, withNext } from './safe-next';

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

describe('withNext', () => {
  it('carries the page to come back to, encoded, and nothing when there is none', () => {
    expect(withNext('/login', '/account/orders/7')).toBe('/login?next=%2Faccount%2Forders%2F7');
    expect(withNext('/signup', '/search?query=a&b')).toBe('/signup?next=%2Fsearch%3Fquery%3Da%26b');
    expect(withNext('/login', null)).toBe('/login');
  });
});
