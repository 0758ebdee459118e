import type { APIRequestContext } from '@playwright/test';
import type { Product } from '@souq/contracts/catalog';
import { signedInOwner } from './admin-helpers';
import { expect, test, uniqueEmail } from './fixtures';
import { mailsTo } from './outbox';

/*
 * On a phone, in English and in Arabic: a shopper asks to be told when a sold-out size returns,
 * staff restock it, the mail arrives and its product link opens the product; later the mail's
 * unsubscribe link ends the shopper's new request, and a link that is not the shop's says so.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const languages = [
  {
    lang: 'en',
    form: 'Sold out. Get an email when it is back',
    email: 'Email',
    submit: 'Notify me',
    done: 'Done: we will send you one email when it is back in stock.',
    unsubscribed: (name: string) => `You will not be told about ${name} any more.`,
    toProduct: (name: string) => `Back to ${name}`,
    badLink: 'This link does not work',
  },
  {
    lang: 'ar',
    form: 'نفدت الكمية. احصل على رسالة عند توفره',
    email: 'البريد الإلكتروني',
    submit: 'أعلمني',
    done: 'تم: سنرسل إليك رسالة واحدة عند توفره من جديد.',
    unsubscribed: (name: string) => `لن نُعلمك بتوفر ${name} بعد الآن.`,
    toProduct: (name: string) => `العودة إلى ${name}`,
    badLink: 'هذا الرابط لا يعمل',
  },
] as const;

/**
 * A product in sizes whose first colour in stock has its last size in stock, one per journey
 * (`which`), from the newest: the variants journey sells out the oldest ones' first sizes.
 */
async function productToSellOut(request: APIRequestContext, which: number) {
  const { items } = (await (await request.get('/api/products?sort=newest&limit=100')).json()) as {
    items: Product[];
  };
  const fit = items.flatMap((product) => {
    if (product.sizes.length < 2) return [];
    const colour = product.variants.find((v) => v.stock > 0)?.colour ?? null;
    const variant = product.variants.find(
      (v) => v.colour === colour && v.size === product.sizes.at(-1) && v.stock > 0,
    );
    return variant ? [{ product, variant }] : [];
  });
  const found = fit[which];
  if (!found) throw new Error('no product in sizes with its last size in stock');
  return found;
}

/** Staff change a variant's stock through the stock ledger, as the back office does. */
async function adjustStock(
  owner: APIRequestContext,
  productId: number,
  variantId: number,
  change: number,
) {
  const res = await owner.post(`/api/admin/products/${productId}/stock-adjustments`, {
    headers: { 'idempotency-key': `alerts-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    data: { variantId, change, reason: 'count after the stocktake' },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** The catalog answers from its few seconds' cache (decision 002): wait for the new stock. */
async function stockShown(request: APIRequestContext, productId: number, variantId: number) {
  const product = (await (await request.get(`/api/products/${productId}`)).json()) as Product;
  return product.variants.find((v) => v.id === variantId)?.stock;
}

async function waitingFor(owner: APIRequestContext, productId: number, variantId: number) {
  const counts = (await (
    await owner.get(`/api/admin/products/${productId}/stock-alerts`)
  ).json()) as { items: { variantId: number; waiting: number }[] };
  return counts.items.find((item) => item.variantId === variantId)?.waiting ?? 0;
}

for (const l of languages) {
  test(`a shopper is told by mail when a sold-out size is back, and unsubscribes (${l.lang})`, async ({
    page,
    playwright,
    baseURL,
    pageErrors,
  }) => {
    const owner = await signedInOwner(playwright, baseURL ?? '');
    const { product, variant } = await productToSellOut(page.request, languages.indexOf(l));
    const name = l.lang === 'ar' ? (product.translations.ar?.name ?? product.name) : product.name;
    const email = uniqueEmail(`restock-${l.lang}`);

    await adjustStock(owner, product.id, variant.id, -variant.stock);
    await expect.poll(() => stockShown(page.request, product.id, variant.id)).toBe(0);

    await page.goto(`/productdetails/${product.id}?lang=${l.lang}`);
    const form = page.getByRole('form', { name: l.form });
    await form.scrollIntoViewIfNeeded();
    await expect(form).toBeVisible();
    // Other sizes of the colour may be sold out too: then the shopper says which.
    const which = form.getByRole('combobox');
    if ((await which.count()) > 0) await which.selectOption(String(variant.id));
    await form.getByLabel(l.email, { exact: true }).fill(email);
    await form.getByRole('button', { name: l.submit }).tap();
    await expect(page.getByRole('status').filter({ hasText: l.done })).toBeVisible();
    expect(await waitingFor(owner, product.id, variant.id)).toBe(1);

    // Staff restock; the mail arrives in the shopper's language with the product's link.
    await adjustStock(owner, product.id, variant.id, 3);
    await expect.poll(() => mailsTo(email).length, { timeout: 60_000 }).toBe(1);
    const [mail] = mailsTo(email);
    expect(mail?.subject).toContain(name);
    const productLink = new URL(
      /https?:\/\/\S+\/productdetails\/\d+\?lang=\w+/.exec(mail?.text ?? '')?.[0] ?? '',
    );
    expect(productLink.pathname).toBe(`/productdetails/${product.id}`);
    expect(productLink.searchParams.get('lang')).toBe(l.lang);
    const unsubscribeLink = new URL(
      /https?:\/\/\S+\/back-in-stock\/unsubscribe\/\S+/.exec(mail?.text ?? '')?.[0] ?? '',
    );
    await page.goto(productLink.pathname + productLink.search);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', l.lang);

    // Sold out again, the shopper asks once more; the old mail's link ends that request.
    await adjustStock(owner, product.id, variant.id, -3);
    const again = await page.request.post('/api/stock-alerts', {
      data: { variantId: variant.id, email, language: l.lang },
    });
    expect(again.status()).toBe(201);
    expect(await waitingFor(owner, product.id, variant.id)).toBe(1);
    await page.goto(unsubscribeLink.pathname + unsubscribeLink.search);
    await expect(page.getByRole('main').getByRole('status')).toHaveText(l.unsubscribed(name));
    expect(await waitingFor(owner, product.id, variant.id)).toBe(0);
    // Opened again (a second click): the same page.
    await page.reload();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(l.unsubscribed(name));
    await page.getByRole('link', { name: l.toProduct(name) }).tap();
    await expect(page).toHaveURL(new RegExp(`/productdetails/${product.id}`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    // A link that is not one of the shop's says so, in the page's words.
    await page.goto(`/back-in-stock/unsubscribe/not-a-real-token?lang=${l.lang}`);
    await expect(page.getByRole('heading', { level: 1, name: l.badLink })).toBeVisible();
    expect(pageErrors.filter((e) => !/^404 .*\/api\/stock-alerts\/unsubscribe$/.test(e))).toEqual(
      [],
    );
    pageErrors.length = 0;

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await adjustStock(owner, product.id, variant.id, variant.stock);
    await owner.dispose();
  });
}
