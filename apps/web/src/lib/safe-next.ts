/** A link to log in or sign up that comes back to `next` afterwards (nothing to come back to: none). */
export function withNext(page: '/login' | '/signup', next: string | null | undefined): string {
  return next ? `${page}?next=${encodeURIComponent(next)}` : page;
}

/**
 * Where to go after signing in: the `next` parameter when it is a path on this site
 * ("/account", "/cart?x=1"), else the home page. Anything that could leave the site
 * ("//evil.example", "https://…", "/\evil") is ignored.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/';
  try {
    const url = new URL(next, 'http://souq.invalid');
    if (url.origin !== 'http://souq.invalid') return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
