import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedMediaSchema } from '@souq/contracts/admin-catalog';
import { blankShopSettings, shopSettingsSchema } from '@souq/contracts/shop-settings';
import { auditListSchema, staffRoles } from '@souq/contracts/staff';
import { migrateToLatest } from '../../db/migrate';
import { apiError, signUpTestUser } from '../../test/auth-helpers';
import { emptyDatabase } from '../../test/empty-database';
import { multipartFile } from '../../test/multipart';
import { dohaShopSettings } from '../../test/shop-settings-fixtures';
import { signUpTestStaff, type TestStaff } from '../../test/staff-helpers';
import { createAppOverDb, createTestApp, testDialects, type TestApp } from '../../test/test-app';
import { demoShopSettings } from '../../db/demo-shop-settings';

const changed = dohaShopSettings;

describe.each(testDialects)('shop settings on %s', (dialect) => {
  let t: TestApp;
  let owner: TestStaff;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await signUpTestStaff(t.app, t.db, 'owner');
  });
  afterAll(() => t.close());

  const save = (body: unknown, cookie = owner.cookie) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { cookie },
      payload: body as object,
    });
  const publicSettings = async (app = t.app) => {
    const res = await app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.statusCode).toBe(200);
    return shopSettingsSchema.parse(res.json());
  };

  it('gives a seeded shop the demo shop’s details, to shoppers and to the owner', async () => {
    expect(await publicSettings()).toEqual(demoShopSettings);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/settings',
      headers: { cookie: owner.cookie },
    });
    expect(res.json()).toEqual(demoShopSettings);
  });

  it('saves the owner’s change, shows it on every app server at once and audits it', async () => {
    const other = await createAppOverDb(t.db);
    try {
      expect((await publicSettings(other.app)).shopName).toBe(demoShopSettings.shopName);
      const res = await save(changed);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(changed);
      // The other server has read the old version before; it reads the new one on its next request.
      expect(await publicSettings(other.app)).toEqual(changed);
      expect(await publicSettings()).toEqual(changed);
    } finally {
      await other.close();
    }
    const audit = auditListSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/audit?entityType=shop_settings',
          headers: { cookie: owner.cookie },
        })
      ).json(),
    );
    expect(audit.items[0]).toMatchObject({
      action: 'settings.updated',
      entityId: '1',
      actor: { email: owner.email },
      before: demoShopSettings,
      after: changed,
    });
  });

  it.each([
    ['shopName', { shopName: '' }],
    ['shopName', { shopName: 'x'.repeat(61) }],
    ['shopName', { shopName: 'Souq\u0000' }],
    ['legalName', { legalName: 'y'.repeat(121) }],
    ['address.country', { address: { ...changed.address, country: 'XX' } }],
    ['address.country', { address: { ...changed.address, country: 'qa' } }],
    ['address.line1', { address: { ...changed.address, line1: 'a\u202Eb' } }],
    ['address.postalCode', { address: { ...changed.address, postalCode: '<b>' } }],
    ['vatNumber', { vatNumber: 'TRN: 1' }],
    ['supportPhone', { supportPhone: '+1 555' }],
    ['supportPhone', { supportPhone: '04 321 7788' }],
    ['supportEmail', { supportEmail: 'not an address' }],
    ['openingHours.ar', { openingHours: { ar: 'z'.repeat(301) } }],
    ['openingHours', { openingHours: { fr: 'Tous les jours' } }],
    [
      'socialLinks.instagram',
      { socialLinks: { ...changed.socialLinks, instagram: 'http://instagram.com/souq' } },
    ],
    [
      'socialLinks.facebook',
      { socialLinks: { ...changed.socialLinks, facebook: 'https://evil.example/facebook.com' } },
    ],
    ['socialLinks.x', { socialLinks: { ...changed.socialLinks, x: 'javascript:alert(1)' } }],
    ['promoBar.text.en', { promoBar: { enabled: true, text: { ar: 'عروض' }, link: '' } }],
    ['promoBar.text.en', { promoBar: { enabled: true, text: { en: 'w'.repeat(141) }, link: '' } }],
    ['promoBar.link', { promoBar: { ...changed.promoBar, link: '//evil.example' } }],
    ['promoBar.link', { promoBar: { ...changed.promoBar, link: 'http://evil.example' } }],
    ['logo', { logo: '/images/logo.svg' }],
    ['displayDelays', { displayDelays: 'no' }],
  ])('refuses a bad %s with 400 naming it, and writes nothing', async (field, bad) => {
    const before = await publicSettings();
    const res = await save({ ...changed, ...bad });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(apiError(res).fields ?? {})).toContain(field);
    expect(await publicSettings()).toEqual(before);
  });

  it('takes a logo only as a picture uploaded through the back office, re-encoded', async () => {
    const notStored = await save({ ...changed, logo: '/media/abcdefgh12345678/320.webp' });
    expect(notStored.statusCode).toBe(400);
    expect(apiError(notStored).fields).toHaveProperty('logo');

    const picture = fs.readFileSync(path.join(import.meta.dirname, '../../test/images/avatar.png'));
    const body = multipartFile('file', 'logo.png', 'image/png', picture);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media',
      headers: { ...body.headers, cookie: owner.cookie },
      payload: body.payload,
    });
    expect(upload.statusCode).toBe(201);
    const logo = uploadedMediaSchema.parse(upload.json()).path;
    const res = await save({ ...changed, logo });
    expect(res.statusCode, res.body).toBe(200);
    expect((await publicSettings()).logo).toBe(logo);
  });

  it('lets only the owner read or change the settings', async () => {
    const shopper = await signUpTestUser(t.app);
    const callers: [string, string][] = [['shopper', shopper.cookie]];
    for (const role of staffRoles.filter((r) => r !== 'owner')) {
      callers.push([role, (await signUpTestStaff(t.app, t.db, role)).cookie]);
    }
    const before = await publicSettings();
    for (const [who, cookie] of callers) {
      const read = await t.app.inject({
        method: 'GET',
        url: '/api/admin/settings',
        headers: { cookie },
      });
      expect(read.statusCode, who).toBe(403);
      expect((await save({ ...changed, shopName: 'Taken over' }, cookie)).statusCode, who).toBe(
        403,
      );
    }
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/admin/settings', payload: changed }))
        .statusCode,
    ).toBe(401);
    expect(await publicSettings()).toEqual(before);
  });
});

describe.each(testDialects)('shop settings of a shop without them on %s', (dialect) => {
  it('shows a new shop without the demo catalog only its name, with the display delays on', async () => {
    const t = await createTestApp(dialect, { seed: false });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
      expect(res.json()).toEqual(blankShopSettings);
      expect(blankShopSettings.displayDelays).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('gives a shop that had a catalog before the settings the demo details it showed', async () => {
    const { db, drop } = await emptyDatabase(dialect);
    try {
      await migrateToLatest(db.kysely, dialect, '0021-catalog-translations');
      await sql`insert into categories (id, slug, name, position) values (1, 'wear', 'Wear', 0)`.execute(
        db.kysely,
      );
      await sql`insert into products (id, slug, name, description, category_id, price_cents,
          currency, images, stock, colours)
        values (1, 'shirt', 'Shirt', 'A shirt.', 1, 1000, 'USD', '[]', 5, '[]')`.execute(db.kysely);
      await migrateToLatest(db.kysely, dialect);
      const row = await db.kysely.selectFrom('shop_settings').selectAll().executeTakeFirstOrThrow();
      expect(JSON.parse(row.settings_json)).toEqual(demoShopSettings);
    } finally {
      await drop();
    }
  });
});
