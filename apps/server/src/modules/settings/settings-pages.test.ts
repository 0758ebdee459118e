import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild } from '../../../../../scripts/web-build';
import { demoShopSettings } from '../../db/demo-shop-settings';
import { dohaShopSettings } from '../../test/shop-settings-fixtures';
import { signUpTestStaff, type TestStaff } from '../../test/staff-helpers';
import { createAppOverDb, createTestApp, testDialects, type TestApp } from '../../test/test-app';

/** Pages are rendered by the web build's server entry: these tests use the real build. */
const webDist = path.resolve(import.meta.dirname, '../../../../web/dist');

const doha = dohaShopSettings;

const rootOf = (html: string) =>
  html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
  );
const delaysOf = (html: string) =>
  /<meta name="souq:display-delays" content="([^"]*)"/.exec(html)?.[1];

describe.each(testDialects)('the shop settings on its pages on %s', (dialect) => {
  let t: TestApp;
  let other: TestApp;
  let owner: TestStaff;

  beforeAll(async () => {
    ensureWebBuild();
    t = await createTestApp(dialect, { webDistDir: webDist });
    // A second app server over the same database, as behind a load balancer.
    other = await createAppOverDb(t.db, { webDistDir: webDist });
    owner = await signUpTestStaff(t.app, t.db, 'owner');
  }, 240_000);
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const page = async (app: TestApp, url: string) => {
    const res = await app.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it("shows the demo shop's details until the owner saves, then theirs on every server at once", async () => {
    // Both servers render (and keep) the home page before the save.
    for (const app of [t, other]) {
      const before = await page(app, '/');
      expect(rootOf(before)).toContain(demoShopSettings.supportPhone);
      expect(rootOf(before)).toContain(demoShopSettings.promoBar.text.en);
      expect(delaysOf(before)).toBe('on');
    }
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { cookie: owner.cookie },
      payload: doha,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    for (const app of [t, other]) {
      const home = await page(app, '/');
      const root = rootOf(home);
      // Header, promo bar and footer.
      expect(root).toContain('Dar Al Qamar');
      expect(root).toContain('Eid offers on every abaya');
      expect(root).toContain('href="/productS?category=women"');
      expect(root).toContain('Building 22, Street 9');
      expect(root).toContain('Doha');
      expect(root).toContain('Qatar');
      expect(root).toContain('href="tel:+97444123456"');
      expect(root).toContain('hello@daralqamar.example');
      expect(root).toContain('Sunday to Thursday, 9:00 to 18:00');
      expect(root).toContain('href="https://www.instagram.com/daralqamar"');
      expect(root).toContain('Dar Al Qamar Trading W.L.L.');
      expect(root).toContain('300123456700003');
      expect(root).not.toContain(demoShopSettings.supportPhone);
      expect(root).not.toContain(demoShopSettings.promoBar.text.en);
      // Head and JSON-LD.
      expect(titleOf(home)).toBe('Dar Al Qamar: fashion, electronics, home and more');
      expect(home).toContain('<meta property="og:site_name" content="Dar Al Qamar">');
      expect(jsonLdOf(home)[0]).toMatchObject({
        '@type': 'Store',
        name: 'Dar Al Qamar',
        legalName: 'Dar Al Qamar Trading W.L.L.',
        telephone: '+974 4412 3456',
        email: 'hello@daralqamar.example',
        vatID: '300123456700003',
        sameAs: ['https://www.instagram.com/daralqamar'],
        address: {
          '@type': 'PostalAddress',
          streetAddress: 'Building 22, Street 9, Al Sadd',
          addressLocality: 'Doha',
          addressCountry: 'QA',
        },
      });
      // The display delays follow the setting.
      expect(delaysOf(home)).toBe('off');
      // The state the browser starts from carries them: no request for them before first paint.
      expect(home).toContain('"shopName":"Dar Al Qamar"');
    }
  });

  it('shows the contact page and the Arabic pages with the same details, in Arabic', async () => {
    const contact = rootOf(await page(t, '/contact'));
    expect(contact).toContain('href="tel:+97444123456"');
    expect(contact).toContain('+974 4412 3456');
    expect(contact).toContain('mailto:hello@daralqamar.example');
    expect(contact).toContain('Sunday to Thursday, 9:00 to 18:00');

    const arabic = await page(t, '/contact?lang=ar');
    const root = rootOf(arabic);
    expect(root).toContain('عروض العيد على كل العبايات');
    expect(root).toContain('من الأحد إلى الخميس، 9:00 حتى 18:00');
    expect(root).toContain('قطر');
    // The footer's address as the owner wrote it in Arabic.
    expect(root).toContain('مبنى 22، شارع 9');
    expect(root).toContain('الدوحة');
    expect(root).not.toContain('Building 22');
    expect(root).toContain('+974 4412 3456');
    expect(titleOf(arabic)).toBe('تواصل معنا | Dar Al Qamar');
  });

  it('hides the promo text when the owner turns the bar off, keeping the language picker', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { cookie: owner.cookie },
      payload: { ...doha, promoBar: { ...doha.promoBar, enabled: false } },
    });
    expect(saved.statusCode).toBe(200);
    const root = rootOf(await page(other, '/about'));
    expect(root).not.toContain('Eid offers on every abaya');
    expect(root).toContain('<select');
  });
});
