import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sql,
  SelectQueryNode,
  TableNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
} from 'kysely';
import type { Db } from '../../db/connection';
import { openDatabase } from '../../db/migrate';
import { createAppOverDb, createTestDb, testDialects } from '../../test/test-app';
import { listOn, productOn, readyOf, twoServers } from '../../test/two-app-servers';
import { adjust } from '../stock/stock-changes';
import { seedDemoCatalogIfEmpty } from './demo-catalog.seed';
import { importCatalogRows, parseCatalogFile } from './catalog-import';

/** Within a second of its commit, a stock change shows on every app server (decision 002). */
const STOCK_SHOWS_WITHIN_MS = 1_000;
/** Generous for a loaded machine: catalog-edits.test.ts holds edits to one second. */
const EDIT_SHOWS_WITHIN_MS = 15_000;

/** A variant of a product with stock, and its product. */
async function stockedVariant(db: Db, skip = 0) {
  return db.kysely
    .selectFrom('product_variants')
    .select(['id', 'product_id as productId', 'stock'])
    .where('stock', '>', 0)
    .where('archived_at', 'is', null)
    .orderBy('id')
    .offset(skip)
    .limit(1)
    .executeTakeFirstOrThrow();
}

const at = () => new Date().toISOString();

describe.each(testDialects)('catalog changes across app servers on %s', (dialect) => {
  let s: Awaited<ReturnType<typeof twoServers>>;
  beforeAll(async () => {
    s = await twoServers(dialect);
    await readyOf(s.one);
    await readyOf(s.two);
  }, 60_000);
  afterAll(() => s.close());

  it('shows a stock change made on another app server within a second', async () => {
    const variant = await stockedVariant(s.one.db);
    const before = (await productOn(s.two, variant.productId))!;
    await s.one.db.kysely
      .transaction()
      .execute((trx) =>
        adjust(trx, { variantId: variant.id, change: 7, note: 'delivery', actor: null, at: at() }),
      );
    s.clock.advance(STOCK_SHOWS_WITHIN_MS + 1);
    const after = (await productOn(s.two, variant.productId))!;
    expect(after.stock).toBe(before.stock + 7);
    expect(after.variants.find((v) => v.id === variant.id)?.stock).toBe(variant.stock + 7);
  });

  it("shows another server's edit in its lists and products", async () => {
    const url = '/api/products?q=lantern&limit=48';
    const { id } = await s.one.db.kysely
      .selectFrom('products')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const original = (await productOn(s.two, id))!;
    expect((await listOn(s.two, url)).items.map((p) => p.id)).not.toContain(id);
    await s.one.db.kysely
      .updateTable('products')
      .set({ name: 'Brass Storm Lantern', price_cents: original.price + 100 })
      .where('id', '=', id)
      .execute();
    s.clock.advance(STOCK_SHOWS_WITHIN_MS + 1);
    await expect
      .poll(async () => (await listOn(s.two, url)).items.map((p) => p.id), {
        timeout: EDIT_SHOWS_WITHIN_MS,
      })
      .toContain(id);
    // Past the response kept from the reads before.
    s.clock.advance(STOCK_SHOWS_WITHIN_MS + 1);
    const renamed = (await productOn(s.two, id))!;
    expect(renamed.name).toBe('Brass Storm Lantern');
    expect(renamed.price).toBe(original.price + 100);
  });

  it("sends no answer kept from before another server's edit once the edit is applied", async () => {
    const { id } = await s.one.db.kysely
      .selectFrom('products')
      .select('id')
      .orderBy('id')
      .limit(1)
      .offset(3)
      .executeTakeFirstOrThrow();
    // The clock held still: only the edit reaching the index can end a kept answer.
    s.clock.hold();
    try {
      // Asked twice: the second answer is kept for the API's second.
      await productOn(s.two, id);
      const original = (await productOn(s.two, id))!;
      await s.one.db.kysely
        .updateTable('products')
        .set({ price_cents: original.price + 250 })
        .where('id', '=', id)
        .execute();
      await expect
        .poll(async () => (await productOn(s.two, id))!.price, { timeout: EDIT_SHOWS_WITHIN_MS })
        .toBe(original.price + 250);
    } finally {
      s.clock.release();
    }
  });

  // Only PostgreSQL's read can wait: SQLite's is synchronous.
  if (dialect === 'postgres')
    it('answers with the version read last while the next read of it waits', async () => {
      const page = (n: number) => `/api/products?limit=${n}`;
      let asked = 0;
      const ask = async () => (await listOn(s.two, page(10 + (asked++ % 30)))).items.length;
      // The clock held still: the version read last stays young, whatever the machine's speed.
      s.clock.hold();
      try {
        expect(await ask()).toBeGreaterThan(0);
        await s.one.db.kysely.transaction().execute(async (trx) => {
          // Nothing can read the version until this transaction ends.
          await sql`lock table catalog_version in access exclusive mode`.execute(trx);
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          const locker = rows[0]?.pid ?? 0;
          const versionReadsWaiting = async () =>
            (
              await sql<{ waiting: number }>`select count(*)::int as waiting
                from pg_stat_activity where ${locker} = any(pg_blocking_pids(pid))`.execute(
                s.one.db.kysely,
              )
            ).rows[0]?.waiting ?? 0;
          // Pages keep coming until one of them starts a read of the version, which waits.
          await expect
            .poll(async () => (await ask()) > 0 && (await versionReadsWaiting()) > 0, {
              timeout: EDIT_SHOWS_WITHIN_MS,
            })
            .toBe(true);
          // With a read of the version waiting, pages are still answered.
          expect(await ask()).toBeGreaterThan(0);
          expect(await versionReadsWaiting()).toBeGreaterThan(0);
        });
      } finally {
        s.clock.release();
      }
    });

  it("moves a product to another category and hides one, on the other server's lists and counts", async () => {
    const categories = await s.one.db.kysely
      .selectFrom('categories')
      .select(['id', 'slug'])
      .orderBy('id')
      .execute();
    const [from, to] = categories as [{ id: number; slug: string }, { id: number; slug: string }];
    const inFrom = await listOn(s.two, `/api/products?category=${from.slug}&limit=48`);
    const inTo = await listOn(s.two, `/api/products?category=${to.slug}&limit=48`);
    const [moved, hidden] = inFrom.items.map((p) => p.id) as [number, number];
    await s.one.db.kysely
      .updateTable('products')
      .set({ category_id: to.id })
      .where('id', '=', moved)
      .execute();
    await s.one.db.kysely
      .updateTable('products')
      .set({ published: 0 })
      .where('id', '=', hidden)
      .execute();
    await expect
      .poll(async () => await productOn(s.two, hidden), { timeout: EDIT_SHOWS_WITHIN_MS })
      .toBeUndefined();
    s.clock.advance(STOCK_SHOWS_WITHIN_MS + 1);
    const fromAfter = await listOn(s.two, `/api/products?category=${from.slug}&limit=48`);
    expect(fromAfter.total).toBe(inFrom.total - 2);
    expect(fromAfter.items.map((p) => p.id)).not.toContain(hidden);
    const toAfter = await listOn(s.two, `/api/products?category=${to.slug}&limit=48`);
    expect(toAfter.total).toBe(inTo.total + 1);
    expect((await productOn(s.two, moved))?.category.slug).toBe(to.slug);
  });

  it("shows a 2 000-row import on the other server's lists and searches", async () => {
    const before = await listOn(s.two, '/api/products?limit=1');
    const rows = Array.from({ length: 2_000 }, (_, i) => ({
      name: `Imported Quillwort ${i + 1}`,
      description: 'A product of a large import.',
      category: 'Imported Plants',
      price: 1_000 + i,
      stock: 3,
    }));
    await importCatalogRows(s.one.db, parseCatalogFile('plants.json', JSON.stringify(rows)));
    await expect
      .poll(async () => (await listOn(s.two, '/api/products?limit=1')).total, {
        timeout: EDIT_SHOWS_WITHIN_MS,
      })
      .toBe(before.total + 2_000);
    s.clock.advance(STOCK_SHOWS_WITHIN_MS + 1);
    const found = await listOn(s.two, '/api/products?q=quillwort&limit=1');
    expect(found.total).toBe(2_000);
    expect(found.items[0]?.stock).toBe(3);
  });
});

describe.runIf(testDialects.includes('postgres'))(
  'the stock ledger followed on PostgreSQL, where ids commit out of order',
  () => {
    let s: Awaited<ReturnType<typeof twoServers>>;
    beforeAll(async () => {
      s = await twoServers('postgres');
      await readyOf(s.two);
    }, 60_000);
    afterAll(() => s.close());

    it('shows a change whose transaction commits after a later one was read', async () => {
      const early = await stockedVariant(s.one.db);
      const late = await stockedVariant(s.one.db, 50);
      expect(late.productId).not.toBe(early.productId);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let tookId!: () => void;
      const took = new Promise<void>((resolve) => (tookId = resolve));
      // Takes the lower ledger id, then stays open while a later change commits.
      const slow = s.one.db.kysely.transaction().execute(async (trx) => {
        await adjust(trx, { variantId: early.id, change: 5, note: 'slow', actor: null, at: at() });
        tookId();
        await held;
      });
      await took;
      await s.one.db.kysely
        .transaction()
        .execute((trx) =>
          adjust(trx, { variantId: late.id, change: 4, note: 'quick', actor: null, at: at() }),
        );
      s.clock.advance(STOCK_SHOWS_WITHIN_MS + 1);
      const variantStock = async (variant: { id: number; productId: number }) =>
        (await productOn(s.two, variant.productId))?.variants.find((v) => v.id === variant.id)
          ?.stock;
      expect(await variantStock(late)).toBe(late.stock + 4);
      expect(await variantStock(early)).toBe(early.stock);
      release();
      await slow;
      s.clock.advance(STOCK_SHOWS_WITHIN_MS + 1);
      expect(await variantStock(early)).toBe(early.stock + 5);
    });
  },
);

/** Counts the catalog reads that read the products table, as a build of the index does. */
function productReads() {
  const counted = { reads: 0 };
  const plugin: KyselyPlugin = {
    transformQuery({ node }: PluginTransformQueryArgs) {
      const from = SelectQueryNode.is(node) ? node.from?.froms[0] : undefined;
      if (from && TableNode.is(from) && from.table.identifier.name === 'products') counted.reads++;
      return node;
    },
    transformResult: ({ result }: PluginTransformResultArgs) => Promise.resolve(result),
  };
  return { counted, plugin };
}

describe.each(testDialects)('readiness of an app server on %s', (dialect) => {
  it('is ready once its index is built: no request after it reads the catalog to build one', async () => {
    const database = await createTestDb(dialect);
    await seedDemoCatalogIfEmpty(database.db);
    const { counted, plugin } = productReads();
    const own = await openDatabase(database.url, { poolSize: 4 });
    const watched: Db = { ...own, reads: own.reads.withPlugin(plugin) };
    const t = await createAppOverDb(watched);
    try {
      await readyOf(t);
      // The build read the products table; requests from now on answer from the index.
      expect(counted.reads).toBeGreaterThan(0);
      counted.reads = 0;
      const pages = [
        '/api/products?limit=24',
        '/api/products?sort=price_asc&category=electronics',
        '/api/products?q=lamp&sort=relevance',
        '/api/products/3',
        '/api/facets?colour=Black',
      ];
      for (const url of pages)
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      expect(counted.reads).toBe(0);
    } finally {
      await t.close();
      await own.close();
      await database.cleanup();
    }
  }, 60_000);
});
