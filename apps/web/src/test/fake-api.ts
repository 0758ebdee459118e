import { vi } from 'vitest';

/** A request as the fake API saw it. */
export interface SeenCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Stands in for the shop's API in component tests: `answer` gives each request's JSON body (or
 * undefined for a 404), and every request is recorded.
 */
export function fakeApi(answer: (call: SeenCall) => unknown): SeenCall[] {
  const seen: SeenCall[] = [];
  // Node's Request needs an absolute URL; the browser resolves '/api/…' against the page.
  vi.stubGlobal(
    'Request',
    class extends Request {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, location.href) : input, init);
      }
    },
  );
  vi.stubGlobal('fetch', async (input: Request) => {
    const text = await input.text();
    const call: SeenCall = {
      method: input.method,
      path: new URL(input.url).pathname,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    seen.push(call);
    const body = answer(call);
    return body === undefined
      ? new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        })
      : new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  return seen;
}
