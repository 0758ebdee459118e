import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ports, shopDatabaseUrl, shopDataDir } from '../playwright.config';
import { expect, uniqueEmail } from './fixtures';

export interface Account {
  email: string;
  password: string;
  name: string;
}

/**
 * The shop owner's first step: `npm run admin:create`, the password on standard input; on the
 * shop with display delays off unless `port` names the other one.
 */
export function createOwner(port: number = ports.fast): Account {
  const owner = {
    email: uniqueEmail('owner'),
    password: 'cedar forests grow slowly',
    name: 'Owner',
  };
  execFileSync('npm', ['run', '-s', 'admin:create', '--', '--email', owner.email], {
    env: { ...process.env, DATABASE_URL: shopDatabaseUrl(port) },
    input: `${owner.password}\n`,
    stdio: 'pipe',
  });
  return owner;
}

/** A shop account made through the API, as a shopper signs up. */
export async function signUp(request: APIRequestContext, name: string): Promise<Account> {
  const account = {
    email: uniqueEmail(name.toLowerCase()),
    password: 'olive trees grow slowly',
    name,
  };
  const response = await request.post('/api/auth/sign-up/email', { data: account });
  expect(response.status()).toBe(200);
  return account;
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The mails the shop wrote to its outbox folder (no mail server in the journeys), for one address. */
export function mailsTo(address: string): OutboxMail[] {
  const outbox = path.join(shopDataDir(ports.fast), 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(fs.readFileSync(path.join(outbox, file), 'utf8')) as OutboxMail)
    .filter((mail) => mail.to === address);
}

interface ListedProduct {
  id: number;
  name: string;
  stock: number;
  price: number;
  variants: unknown[];
}

/**
 * Products in stock from the middle of the catalog, away from the other journeys' picks, each
 * with one variant, so its page's Add To Cart needs no colour or size first.
 */
export async function productsForAdmin(request: APIRequestContext, count: number) {
  const list = (await (await request.get('/api/products?sort=rating&limit=60')).json()) as {
    items: ListedProduct[];
  };
  return list.items
    .filter((p) => p.stock >= 10 && p.stock < 90 && p.variants.length === 1)
    .slice(0, count);
}

/** A manager: an account that the owner (made with admin:create) adds as staff through the API. */
export async function createManager(
  playwright: {
    request: { newContext: (options: { baseURL: string }) => Promise<APIRequestContext> };
  },
  baseURL: string,
): Promise<Account> {
  const owner = createOwner();
  const managerApi = await playwright.request.newContext({ baseURL });
  const manager = await signUp(managerApi, 'Maya');
  await managerApi.dispose();
  const ownerApi = await playwright.request.newContext({ baseURL });
  const signIn = await ownerApi.post('/api/auth/sign-in/email', {
    data: { email: owner.email, password: owner.password },
    headers: { origin: baseURL },
  });
  expect(signIn.status()).toBe(200);
  const added = await ownerApi.post('/api/admin/staff', {
    data: { email: manager.email, role: 'manager' },
    headers: { origin: baseURL },
  });
  expect(added.status()).toBeLessThan(300);
  await ownerApi.dispose();
  return manager;
}

/**
 * The back office's section links, unfolded first on a phone (where a button naming the open
 * section hides them); waits for the navigation to be drawn.
 */
export async function adminSections(page: Page): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: 'Back office sections' });
  const toggle = nav.locator('button[aria-controls="admin-sections"]');
  await expect(nav).toBeVisible();
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false') {
    await toggle.click();
  }
  return nav;
}

/** A new owner, signed in through the API: a request context to act as staff beside a page. */
export async function signedInOwner(
  playwright: {
    request: { newContext: (o: { baseURL: string }) => Promise<APIRequestContext> };
  },
  baseURL: string,
) {
  const account = createOwner();
  const owner = await playwright.request.newContext({ baseURL });
  const signIn = await owner.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
  });
  expect(signIn.status()).toBe(200);
  return owner;
}
