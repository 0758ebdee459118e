import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpTestStaff } from '../../test/staff-helpers';
import {
  productIds,
  productWithVariants,
  setProduct,
  setVariantStocks,
  variantsOf,
} from '../../test/orders-fixtures';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';
import { createLowStockDigest, DIGEST_LINES } from './low-stock-digest';

describe.each(testDialects)('the daily low-stock digest on %s', (dialect) => {
  let t: TestApp;
  let now = new Date('2026-11-24T06:59:00.000Z');
  const silent = { error: () => {} };
  /** Two app servers' digests over one database. */
  const digests = () =>
    [1, 2].map(() =>
      createLowStockDigest({
        db: t.db,
        hour: 7,
        origin: 'https://souq.test',
        clock: () => now,
        log: silent,
      }),
    );
  const digestMails = () =>
    t.db.kysely
      .selectFrom('mail_outbox')
      .select(['recipient', 'subject', 'text', 'html'])
      .where('kind', '=', 'low_stock_digest')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true });
    await signUpTestStaff(t.app, t.db, 'owner', { email: 'mona@example.com' });
    await signUpTestStaff(t.app, t.db, 'owner', { email: 'omar@example.com' });
    await signUpTestStaff(t.app, t.db, 'manager', { email: 'maya@example.com' });
    // Nothing low to start with.
    await t.db.kysely.updateTable('product_variants').set({ stock: 50 }).execute();
    await t.db.kysely.updateTable('products').set({ low_stock_threshold: 5 }).execute();
  });
  afterAll(() => t.close());

  it('sends nothing before the hour, and nothing on a day with nothing low', async () => {
    const [first] = digests();
    expect(await first!.runOnce()).toBe('not_yet');
    now = new Date('2026-11-24T07:00:00.000Z');
    expect(await first!.runOnce()).toBe('nothing_low');
    expect(await digestMails()).toEqual([]);
    // The day is done: stock that runs low later waits for tomorrow's digest.
    const [product] = await productIds(t.db, 1);
    await setProduct(t.db, product!, { stock: 2 });
    expect(await first!.runOnce()).toBe('sent_already');
    expect(await digestMails()).toEqual([]);
  });

  it("sends the day's digest to every owner exactly once, even with two servers at once", async () => {
    now = new Date('2026-11-25T07:30:00.000Z');
    const dressed = await productWithVariants(t.db);
    const variants = await variantsOf(t.db, dressed);
    await setVariantStocks(
      t.db,
      dressed,
      variants.map((_, i) => (i === 0 ? 0 : 50)),
    );
    const outcomes = await Promise.all(digests().map((d) => d.runOnce()));
    expect(outcomes.sort()).toEqual(['queued', 'sent_already']);
    const mails = await digestMails();
    expect(mails.map((m) => m.recipient)).toEqual(['mona@example.com', 'omar@example.com']);
    const [mail] = mails;
    // The date isolated left to right: an Arabic line would show it day first otherwise.
    expect(mail!.subject).toBe(
      'Low stock on \u20662026-11-25\u2069 · مخزون منخفض في \u20662026-11-25\u2069',
    );
    expect(mail!.text).toContain('2 variants are at or below their low-stock threshold:');
    expect(mail!.text).toMatch(/: 0 left \(threshold 5\)\n.*: 2 left \(threshold 5\)/);
    expect(mail!.text).toContain('المتبقي 0 (الحد 5)');
    expect(mail!.html).toContain('<section lang="ar" dir="rtl"');
    // Later runs that day, on either server, send nothing more.
    now = new Date('2026-11-25T18:00:00.000Z');
    expect(await Promise.all(digests().map((d) => d.runOnce()))).toEqual([
      'sent_already',
      'sent_already',
    ]);
    expect(await digestMails()).toHaveLength(2);
  });

  it('lists the emptiest variants of a large catalog, counts the rest and links to them all', async () => {
    now = new Date('2026-11-26T07:00:00.000Z');
    // Every variant low, one product's at 0; a deleted product's variants do not count.
    await t.db.kysely.updateTable('product_variants').set({ stock: 3 }).execute();
    const [emptiest, deleted] = await productIds(t.db, 2);
    await setProduct(t.db, emptiest!, { stock: 0 });
    await t.db.kysely
      .updateTable('products')
      .set({ archived_at: new Date().toISOString(), name: 'Deleted lamp' })
      .where('id', '=', deleted!)
      .execute();
    const live = await t.db.kysely
      .selectFrom('product_variants')
      .innerJoin('products', 'products.id', 'product_variants.product_id')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('product_variants.archived_at', 'is', null)
      .where('products.archived_at', 'is', null)
      .executeTakeFirstOrThrow();
    const total = Number(live.n);
    expect(total).toBeGreaterThan(DIGEST_LINES);

    expect(await digests()[0]!.runOnce()).toBe('queued');
    const mail = (await digestMails()).at(-1)!;
    expect(mail.text).toContain(`${total} variants are at or below their low-stock threshold:`);
    const english = mail.text.slice(0, mail.text.indexOf('المتبقي'));
    expect(english.match(/: \d+ left \(threshold 5\)/g)).toHaveLength(DIGEST_LINES);
    expect(english).toMatch(/: 0 left \(threshold 5\)/);
    expect(mail.text).not.toContain('Deleted lamp');
    expect(mail.text).toContain(`${total - DIGEST_LINES} more variants are low too.`);
    expect(mail.html).toContain('href="https://souq.test/admin/products?stock=low"');
    expect(mail.text).toContain(`وعدد الأصناف المنخفضة الأخرى: ${total - DIGEST_LINES}`);
  });
});
