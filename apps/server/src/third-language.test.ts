import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LanguageCode } from '@souq/contracts/languages';
import type { Order } from '@souq/contracts/orders';
import { productSchema } from '@souq/contracts/catalog';
import {
  adminCategorySchema,
  adminProductListSchema,
  adminProductSchema,
} from '@souq/contracts/admin-catalog';
import { pageLanguage } from './http/render-page';
import { exportCatalog, exportedProducts } from './modules/catalog/catalog-export';
import { importCatalogRows, parseCatalogFile } from './modules/catalog/catalog-import';
import { setProductTexts } from './modules/catalog/catalog-translations';
import { renderShopperMail } from './modules/mail/templates/order-mails';
import { orderMailBodies } from './modules/orders/order-mails';
import { ordersQueries } from './modules/orders/orders.repository';
import { apiError } from './test/auth-helpers';
import { newKey, orderAsShown, orderBody, productIds, setProduct } from './test/orders-fixtures';
import { signUpTestStaff } from './test/staff-helpers';
import { createTestApp, testDialects, type TestApp } from './test/test-app';
import { blankShopSettings } from '@souq/contracts/shop-settings';

/*
 * A third language added the way the README says: its entry in the list of shop languages and
 * its locale files (here the mails' French, in a fixture folder), nothing else. The shop then
 * writes mails in it and lists every page in it in the sitemap.
 */
vi.mock('@souq/contracts/languages', async (importOriginal) =>
  (await import('@souq/contracts/languages.fixture')).withFrench(await importOriginal()),
);
vi.mock('./modules/mail/locale-folders', async (importOriginal) => {
  const original = await importOriginal<typeof import('./modules/mail/locale-folders')>();
  return {
    mailLocaleFolders: [
      ...original.mailLocaleFolders,
      path.join(import.meta.dirname, 'test/third-language'),
    ],
  };
});

/** The mocked list's third language, which the production list's type does not know. */
const french = 'fr' as LanguageCode;

const wallet = orderAsShown().lines[0]!;
const frenchOrder = orderAsShown({
  email: 'camille@example.com',
  billing: {
    ...orderAsShown().billing,
    firstName: 'Camille',
    lastName: 'Martin',
    streetAddress: '1 rue du Marché',
    city: 'Lyon',
    country: 'FR',
    phone: '+33 6 12 34 56 78',
    email: 'camille@example.com',
  },
  lines: [
    {
      ...wallet,
      translations: { ...wallet.translations, [french]: { name: 'Portefeuille en cuir' } },
    },
  ],
  currency: 'EUR',
  locale: french,
  invoiceNumber: null,
});

describe('a third language added by its list entry and locale files', () => {
  it('is a page language asked for by ?lang= or the remembered choice', () => {
    expect(pageLanguage(new URLSearchParams('lang=fr'), undefined)).toBe('fr');
    expect(pageLanguage(new URLSearchParams(), 'souq_lang=fr')).toBe('fr');
    expect(pageLanguage(new URLSearchParams('lang=de'), undefined)).toBe('en');
  });

  it("writes an order's mail in it, left to right, with the product's name in it", () => {
    const mail = renderShopperMail('order_placed', frenchOrder, {
      url: 'https://souq.test',
      bankDetails: null,
      settings: blankShopSettings,
    });
    expect(mail.subject).toBe('Votre commande Souq SQ-7K3M9Q2X est enregistrée');
    expect(mail.html).toContain('<html lang="fr" dir="ltr">');
    expect(mail.html).toContain('Portefeuille en cuir');
    expect(mail.text).toContain('Bonjour \u2068Camille Martin\u2069,');
    expect(mail.text).toContain('Paiement à la livraison');
    // French writes euros after the amount, with a decimal comma.
    expect(mail.text).toMatch(/54,98\s€/);
    // What the French file does not say yet falls back to English.
    const confirmed = renderShopperMail(
      'order_confirmed',
      { ...frenchOrder, paymentMethod: 'bank_transfer' },
      { url: 'https://souq.test', bankDetails: null, settings: blankShopSettings },
    );
    expect(confirmed.text).toContain('We have received your payment.');
  });
});

describe.each(testDialects)('a shop with a third language on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it("shows a product's name and description in it, from the catalog's translations", async () => {
    const [id] = (await productIds(t.db, 1)) as [number];
    await setProductTexts(t.db.kysely, french, [
      { productId: id, text: { name: 'Lampe en laiton', description: 'Une lampe de table.' } },
    ]);
    const product = productSchema.parse((await t.app.inject(`/api/products/${id}`)).json());
    expect(product.translations).toMatchObject({
      fr: { name: 'Lampe en laiton', description: 'Une lampe de table.' },
    });
    const found = await t.app.inject('/api/products?q=laiton');
    expect(found.json<{ items: { id: number }[] }>().items.map((p) => p.id)).toEqual([id]);
  });

  it('imports and exports a catalog with text in it, and reads its own export back unchanged', async () => {
    const file = JSON.stringify([
      {
        name: 'Brass Lamp',
        description: 'A table lamp.',
        category: 'Lighting',
        categoryTranslations: { fr: 'Éclairage' },
        price: 4999,
        colours: [{ name: 'Gold', hex: '#d4af37', translations: { fr: { name: 'Doré' } } }],
        translations: { fr: { name: 'Lampe en laiton', description: 'Une lampe de table.' } },
      },
    ]);
    await importCatalogRows(t.db, parseCatalogFile('c.json', file));
    const lamp = (await exportedProducts(t.db.kysely)).find((p) => p.slug === 'brass-lamp');
    expect(lamp).toMatchObject({
      categoryTranslations: { fr: 'Éclairage' },
      colours: [{ name: 'Gold', translations: { fr: { name: 'Doré' } } }],
      translations: { fr: { name: 'Lampe en laiton', description: 'Une lampe de table.' } },
    });
    const csv = await exportCatalog(t.db.kysely, 'csv');
    expect(csv.split('\r\n')[0]).toContain('name_fr,description_fr,category_fr,colours_fr');
    const before = await exportedProducts(t.db.kysely);
    await importCatalogRows(t.db, parseCatalogFile('c.csv', csv));
    expect(await exportedProducts(t.db.kysely)).toEqual(before);
  }, 60_000);

  it("is written and read back by the back office's product and category editors", async () => {
    const manager = await signUpTestStaff(t.app, t.db, 'manager');
    const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: { cookie: manager.cookie },
        ...(payload && { payload }),
      });

    const category = await send('POST', '/api/admin/categories', {
      name: 'Desk Lighting',
      translations: { ar: { name: 'إضاءة المكتب' }, fr: { name: 'Éclairage de bureau' } },
      image: null,
    });
    expect(category.statusCode, category.body).toBe(201);
    const { id: categoryId, translations: categoryNames } = adminCategorySchema.parse(
      category.json(),
    );
    expect(categoryNames).toEqual({
      ar: { name: 'إضاءة المكتب' },
      fr: { name: 'Éclairage de bureau' },
    });

    const lamp = {
      name: 'Desk Lamp',
      description: 'A brass desk lamp.',
      translations: {
        ar: { name: 'مصباح مكتب', description: 'مصباح نحاسي.' },
        fr: { name: 'Lampe de bureau', description: 'Une lampe en laiton.' },
      },
      price: 4999,
      compareAtPrice: null,
      categoryId,
      images: ['/images/products/default.svg'],
      colours: [{ name: 'Gold', hex: '#d4af37', translations: { fr: { name: 'Doré' } } }],
      sizes: [],
      variants: [{ colour: 'Gold', size: null, sku: null, initialStock: 3 }],
      published: true,
      lowStockThreshold: 1,
    };
    const created = await send('POST', '/api/admin/products', lamp);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = adminProductSchema.parse(created.json());
    const read = adminProductSchema.parse((await send('GET', `/api/admin/products/${id}`)).json());
    expect(read.translations).toEqual(lamp.translations);
    expect(read.colours).toEqual([
      { name: 'Gold', hex: '#d4af37', translations: { fr: { name: 'Doré' } } },
    ]);
    expect(read.category.translations).toEqual(categoryNames);

    // A PUT replaces the set: Arabic left out is removed, French keeps only its name.
    const replaced = await send('PUT', `/api/admin/products/${id}`, {
      ...lamp,
      translations: { fr: { name: 'Lampe dorée', description: null } },
      variants: [{ colour: 'Gold', size: null, sku: null }],
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(adminProductSchema.parse(replaced.json()).translations).toEqual({
      fr: { name: 'Lampe dorée', description: null },
    });
    const listed = adminProductListSchema.parse(
      (await send('GET', `/api/admin/products?q=${encodeURIComponent('dorée')}`)).json(),
    );
    expect(listed.items.map((p) => [p.id, p.translations])).toEqual([
      [id, { fr: { name: 'Lampe dorée' } }],
    ]);

    const renamed = await send('PUT', `/api/admin/categories/${categoryId}`, {
      name: 'Desk Lighting',
      translations: { fr: { name: null } },
      image: null,
    });
    expect(adminCategorySchema.parse(renamed.json()).translations).toEqual({});
    // The default language is the text itself, never a translation.
    const english = await send('PUT', `/api/admin/categories/${categoryId}`, {
      name: 'Desk Lighting',
      translations: { en: { name: 'Desk Lighting' } },
      image: null,
    });
    expect(english.statusCode).toBe(400);
    expect(apiError(english).fields).toHaveProperty('translations');
  });

  it('takes an order placed in it and queues its mail in it', async () => {
    const [id] = (await productIds(t.db, 1)) as [number];
    await setProduct(t.db, id, { price: 2500, stock: 5 });
    await setProductTexts(t.db.kysely, french, [
      { productId: id, text: { name: 'Lampe en laiton', description: 'Une lampe de table.' } },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey() },
      payload: orderBody([{ productId: id, quantity: 1 }], { locale: 'fr' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<Order>();
    expect(order.locale).toBe('fr');
    expect(order.lines[0]?.translations).toMatchObject({ fr: { name: 'Lampe en laiton' } });
    const mail = await t.db.kysely
      .selectFrom('mail_outbox')
      .select(['id', 'kind', 'order_id as orderId', 'recipient as to', 'subject'])
      .where('kind', '=', 'order_placed')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe(`Votre commande Souq ${order.number} est enregistrée`);
    // The body is rendered from the order as the outbox sends it.
    const shop = { shop: { url: 'http://shop.test', bankDetails: null } };
    const { html } = await orderMailBodies(
      ordersQueries(t.db.kysely),
      shop,
    )([mail]).bodies.get(mail.id)!;
    expect(html).toContain('<html lang="fr" dir="ltr">');
    expect(html).toContain('Lampe en laiton');
  });

  it('lists every page in each language, each naming all three as alternates', async () => {
    const res = await t.app.inject('/sitemaps/pages.xml');
    expect(res.statusCode).toBe(200);
    const about = [...res.body.matchAll(/<url><loc>[^<]*\/about[^<]*<\/loc>.*?<\/url>/g)].map(
      (m) => m[0],
    );
    expect(about.map((url) => /<loc>([^<]*)<\/loc>/.exec(url)?.[1])).toEqual([
      'http://127.0.0.1:3000/about',
      'http://127.0.0.1:3000/about?lang=ar',
      'http://127.0.0.1:3000/about?lang=fr',
    ]);
    for (const url of about) {
      expect(url).toContain('hreflang="fr" href="http://127.0.0.1:3000/about?lang=fr"');
      expect(url).toContain('hreflang="x-default" href="http://127.0.0.1:3000/about"');
    }
  });
});
