import fs from 'node:fs';
import path from 'node:path';
import { request as requests, type APIRequestContext } from '@playwright/test';
import type { Product } from '@souq/contracts/catalog';
import { ports, shopDataDir } from '../playwright.config';
import { signedInOwner } from './admin-helpers';
import { expect } from './fixtures';
import { mailsTo } from './outbox';

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

/**
 * A back-in-stock mail's unsubscribe link: a shopper asks about a variant staff sold out, staff
 * restock it, and the mail names the link. Made once per run and kept in the shop's folder, as
 * following it again answers the same.
 */
async function unsubscribePath(request: APIRequestContext): Promise<string> {
  const saved = path.join(shopDataDir(ports.fast), 'unsubscribe-path');
  try {
    // One worker makes it; the others, running the same scans, wait for it.
    fs.writeFileSync(`${saved}.taken`, '', { flag: 'wx' });
  } catch {
    await expect.poll(() => fs.existsSync(saved), { timeout: 90_000 }).toBe(true);
    return fs.readFileSync(saved, 'utf8');
  }
  const owner = await signedInOwner({ request: requests }, `http://127.0.0.1:${ports.fast}`);
  const { items } = (await (await request.get('/api/products?sort=newest&limit=60')).json()) as {
    items: Product[];
  };
  // The oldest of these, in one variant: the journeys that buy or sell out take the newest.
  const product = items.filter((p) => p.variants.length === 1 && p.stock > 0).at(-1)!;
  const variant = product.variants[0]!;
  const adjust = async (change: number) => {
    const res = await owner.post(`/api/admin/products/${product.id}/stock-adjustments`, {
      headers: { 'idempotency-key': `routes-${Date.now()}-${change}` },
      data: { variantId: variant.id, change, reason: 'count after the stocktake' },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  const email = `routes-unsubscribe-${Date.now()}@shop.test`;
  await adjust(-variant.stock);
  const asked = await request.post('/api/stock-alerts', {
    data: { variantId: variant.id, email, language: 'en' },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  await adjust(variant.stock);
  await owner.dispose();
  await expect.poll(() => mailsTo(email).length, { timeout: 60_000 }).toBe(1);
  const link = /https?:\/\/\S+\/back-in-stock\/unsubscribe\/\S+/.exec(mailsTo(email)[0]!.text)![0];
  const found = new URL(link).pathname;
  fs.writeFileSync(saved, found);
  return found;
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
    else if (route.startsWith('/back-in-stock/')) urls.push(await unsubscribePath(request));
    else if (route.includes(':token')) urls.push(await paidCardReturnPath(request));
    else urls.push(route.replace(':id', productId));
  }
  return urls;
}
