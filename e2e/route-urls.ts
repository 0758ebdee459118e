import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';

/**
 * The paths of the web app's route table, read from its source: importing it would pull every
 * page component into the end-to-end tests' type check. A page added there is scanned here.
 */
export function routeTablePaths(): string[] {
  const source = fs.readFileSync(
    path.resolve(import.meta.dirname, '../apps/web/src/app/route-table.ts'),
    'utf8',
  );
  return [...source.matchAll(/^\s*path: '([^']+)',$/gm)].map((match) => match[1]!);
}

/**
 * The return page of a card payment just made: a card order placed through the API, paid on the
 * local Stripe double's hosted page, whose answer sends the shopper back to the shop's page.
 */
async function paidCardReturnPath(request: APIRequestContext): Promise<string> {
  const cheapest = (await (await request.get('/api/products?limit=60&sort=price_asc')).json()) as {
    items: { id: number; stock: number; variants: unknown[] }[];
  };
  const product = cheapest.items.find((p) => p.variants.length === 1 && p.stock >= 10)!;
  const placed = await request.post('/api/orders', {
    headers: { 'idempotency-key': `routes-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    data: {
      lines: [{ productId: product.id, quantity: 1 }],
      billing: {
        firstName: 'Route',
        streetAddress: '1 Market Street',
        city: 'Dubai',
        country: 'AE',
        phone: '+971 50 123 4567',
        email: `routes-${Date.now()}@shop.test`,
      },
      paymentMethod: 'card',
    },
  });
  const { paymentRedirectUrl } = (await placed.json()) as { paymentRedirectUrl?: string | null };
  if (!placed.ok() || !paymentRedirectUrl) throw new Error(`No card payment: ${placed.status()}`);
  const paid = await request.post(`${paymentRedirectUrl}/pay`, { maxRedirects: 0 });
  return new URL(paid.headers()['location'] ?? '').pathname;
}

/** A URL to visit for every route of the route table: parameters filled in, * as a missing page. */
export async function routeUrls(request: APIRequestContext): Promise<string[]> {
  const first = (await (await request.get('/api/products?limit=1')).json()) as {
    items: { id: number }[];
  };
  const productId = String(first.items[0]!.id);
  const urls: string[] = [];
  for (const route of routeTablePaths()) {
    if (route === '*') urls.push('/no-such-page');
    else if (route === '/search') urls.push('/search?query=watch');
    else if (route.includes(':token')) urls.push(await paidCardReturnPath(request));
    else urls.push(route.replace(':id', productId));
  }
  return urls;
}
