import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileSchema } from '@souq/contracts/account';
import { placedOrderSchema } from '@souq/contracts/orders';
import type { Db } from '../db/connection';
import { openDatabase } from '../db/migrate';
import { seedDemoCatalogIfEmpty } from '../modules/catalog/demo-catalog.seed';
import {
  newKey,
  orderBody,
  productIds,
  productWithVariants,
  setProduct,
  setVariantStocks,
  variantsOf,
} from '../test/orders-fixtures';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import { manifestSchema, type BackupManifest } from './backup-files';

const scripts = path.resolve(import.meta.dirname, '../../../../scripts');
const avatar = fs.readFileSync(path.resolve(import.meta.dirname, '../test/images/avatar.png'));
const STARTING_STOCK = 10_000;
const SHOPPERS = 4;

/** Runs `npm run backup` or `npm run restore` as a shop owner would, with the shop's settings. */
function runScript(name: 'backup' | 'restore', env: Record<string, string>, args: string[] = []) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(scripts, `${name}.ts`), ...args],
      {
        env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A shop's settings: its database file and its data folder (uploads, generated secret). */
function shopIn(folder: string) {
  fs.mkdirSync(folder, { recursive: true });
  return { DATABASE_URL: `sqlite:${path.join(folder, 'souq.db')}`, DATA_DIR: folder };
}

/** Folders the tests made, each removed once the file's tests are done. */
const madeFolders: string[] = [];
const temporary = () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-backup-test-'));
  madeFolders.push(folder);
  return folder;
};
afterAll(() => {
  for (const folder of madeFolders) fs.rmSync(folder, { recursive: true, force: true });
});

/** A shopper signed up on a running shop, with a profile photo uploaded through the API. */
async function shopperWithPhoto(server: ServerProcess) {
  const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({
      name: 'Backup Shopper',
      email: 'backup-shopper@example.com',
      password: 'a-Strong-passphrase-42',
    }),
  });
  expect(signUp.status).toBe(200);
  const cookie = (
    signUp.headers.getSetCookie().find((c) => c.includes('session_token=')) ?? ''
  ).split(';')[0]!;
  const form = new FormData();
  form.set('photo', new Blob([avatar], { type: 'image/png' }), 'avatar.png');
  const upload = await fetch(`${server.url}/api/account/photo`, {
    method: 'POST',
    headers: { cookie, origin: server.url },
    body: form,
  });
  expect(upload.status).toBe(200);
  const { image } = profileSchema.parse(await upload.json());
  if (!image) throw new Error('the profile has no photo');
  return { cookie, image };
}

/** What a shopper with this cookie sees of their photo: the bytes served, or the status. */
async function photoSeenOn(server: ServerProcess, cookie: string) {
  const profile = await fetch(`${server.url}/api/account/profile`, { headers: { cookie } });
  if (profile.status !== 200) return { status: profile.status };
  const { image } = profileSchema.parse(await profile.json());
  const photo = await fetch(`${server.url}${image}`);
  return { status: photo.status, bytes: Buffer.from(await photo.arrayBuffer()) };
}

describe('npm run backup of a SQLite shop taking orders, and npm run restore', () => {
  let shopEnv: ReturnType<typeof shopIn>;
  let server: ServerProcess;
  let lines: { productId: number; variantId: number }[];
  const startingStock = new Map<number, number>();
  /** The ledger's last movement before the first order: the seeded catalog's import. */
  let ledgerMark: number;
  /**
   * A reader holding the snapshot from before the first order, as a long report would: every
   * order then stays in the write-ahead log, where a plain copy of the database file misses it.
   */
  let oldSnapshot: SQLite.Database;
  let shopper: { cookie: string; image: string };
  let originalPhoto: Buffer;

  /** Orders acknowledged with 201: their number and total, and whether the backup had begun. */
  const acknowledged = new Map<string, { total: number; afterBackupStarted: boolean }>();
  let backupFolder: string;
  let manifest: BackupManifest;
  let backupRun: { code: number | null; stdout: string; stderr: string };
  let acknowledgedWhileBackingUp = 0;

  beforeAll(async () => {
    shopEnv = shopIn(temporary());
    const db = await openDatabase(shopEnv.DATABASE_URL);
    await seedDemoCatalogIfEmpty(db);
    const single = await productIds(db, 3);
    for (const id of single) await setProduct(db, id, { stock: STARTING_STOCK });
    const dressed = await productWithVariants(db);
    const dressedVariants = await variantsOf(db, dressed);
    await setVariantStocks(
      db,
      dressed,
      dressedVariants.map(() => STARTING_STOCK),
    );
    lines = [];
    for (const id of [...single, dressed]) {
      for (const v of await variantsOf(db, id)) {
        lines.push({ productId: id, variantId: v.id });
        startingStock.set(v.id, v.stock);
      }
    }
    ledgerMark = (
      await db.kysely
        .selectFrom('stock_movements')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow()
    ).id;
    await db.close();
    oldSnapshot = new SQLite(shopEnv.DATABASE_URL.slice('sqlite:'.length));
    oldSnapshot.exec('begin');
    oldSnapshot.prepare('select count(*) from orders').get();
    server = await startServerProcess(shopEnv.DATABASE_URL, { DATA_DIR: shopEnv.DATA_DIR });
    shopper = await shopperWithPhoto(server);
    const seen = await photoSeenOn(server, shopper.cookie);
    expect(seen.status).toBe(200);
    originalPhoto = seen.bytes!;
  }, 60_000);

  afterAll(async () => {
    if (oldSnapshot.open) oldSnapshot.close();
    await server.stop();
    fs.rmSync(shopEnv.DATA_DIR, { recursive: true, force: true });
  });

  it('copies the shop while shoppers keep ordering, without refusing one of them', async () => {
    let backupStarted = false;
    let stopAfter = Infinity;
    const failures: string[] = [];
    async function keepOrdering() {
      while (acknowledged.size < stopAfter) {
        const chosen = [...lines]
          .sort(() => Math.random() - 0.5)
          .slice(0, 1 + (acknowledged.size % 3));
        const res = await fetch(`${server.url}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
          body: JSON.stringify(orderBody(chosen.map((line, i) => ({ ...line, quantity: 1 + i })))),
        });
        if (res.status !== 201) {
          failures.push(`${res.status} ${await res.text()}`);
          return;
        }
        const order = placedOrderSchema.parse(await res.json());
        acknowledged.set(order.number, { total: order.total, afterBackupStarted: backupStarted });
      }
    }
    const shoppers = Array.from({ length: SHOPPERS }, keepOrdering);
    await expect.poll(() => acknowledged.size, { timeout: 30_000 }).toBeGreaterThanOrEqual(20);

    const out = temporary();
    backupStarted = true;
    const before = acknowledged.size;
    backupRun = await runScript('backup', shopEnv, ['--out', out]);
    acknowledgedWhileBackingUp = acknowledged.size - before;
    oldSnapshot.close();
    // A few more after the copy, which it must not hold.
    stopAfter = acknowledged.size + 10;
    await Promise.all(shoppers);

    expect(failures).toEqual([]);
    expect(backupRun.stderr).toBe('');
    expect(backupRun.code).toBe(0);
    const [name] = fs.readdirSync(out);
    expect(name).toMatch(/^souq-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
    backupFolder = path.join(out, name!);
    expect(backupRun.stdout.trim()).toMatch(
      new RegExp(
        `^backup: wrote ${backupFolder} \\(\\d+ orders, \\d+ products, \\d+ files, \\d+ bytes\\)$`,
      ),
    );
    manifest = manifestSchema.parse(
      JSON.parse(fs.readFileSync(path.join(backupFolder, 'manifest.json'), 'utf8')),
    );
    const uploads = fs.readdirSync(path.join(shopEnv.DATA_DIR, 'uploads'));
    expect(manifest.files.map((f) => f.path).sort()).toEqual(
      ['auth-secret', 'souq.db', ...uploads.map((name) => `uploads/${name}`)].sort(),
    );
    expect(acknowledgedWhileBackingUp).toBeGreaterThan(0);
  }, 120_000);

  it('restores into a new shop whose orders, stock and stock ledger agree', async () => {
    const restoredEnv = shopIn(temporary());
    const restored = await runScript('restore', restoredEnv, [backupFolder]);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`restore: ${restoredEnv.DATABASE_URL} now holds the backup`);

    const db: Db = await openDatabase(restoredEnv.DATABASE_URL);
    try {
      const orders = await db.kysely
        .selectFrom('orders')
        .select(['id', 'number', 'total_cents'])
        .execute();
      expect(orders).toHaveLength(manifest.counts.orders);
      // A moment's copy: every order before the backup, none of those after it.
      for (const [number, order] of acknowledged)
        if (!order.afterBackupStarted) expect(orders.map((o) => o.number)).toContain(number);
      expect(orders.length).toBeLessThan(acknowledged.size);
      for (const order of orders)
        expect(acknowledged.get(order.number)?.total).toBe(order.total_cents);

      const orderLines = await db.kysely
        .selectFrom('order_lines')
        .select(['order_id', 'variant_id', 'quantity'])
        .execute();
      const movements = await db.kysely
        .selectFrom('stock_movements')
        .select(['order_id', 'variant_id', 'change', 'reason'])
        .where('id', '>', ledgerMark)
        .execute();
      const key = (orderId: number | null, variantId: number | null) => `${orderId}:${variantId}`;
      const sold = new Map<string, number>();
      for (const line of orderLines)
        sold.set(
          key(line.order_id, line.variant_id),
          (sold.get(key(line.order_id, line.variant_id)) ?? 0) + line.quantity,
        );
      const taken = new Map<string, number>();
      for (const m of movements) {
        expect(m.reason).toBe('sale');
        taken.set(
          key(m.order_id, m.variant_id),
          (taken.get(key(m.order_id, m.variant_id)) ?? 0) - m.change,
        );
      }
      expect(taken).toEqual(sold);

      for (const [variantId, start] of startingStock) {
        const { stock } = await db.kysely
          .selectFrom('product_variants')
          .select('stock')
          .where('id', '=', variantId)
          .executeTakeFirstOrThrow();
        const moved = movements
          .filter((m) => m.variant_id === variantId)
          .reduce((sum, m) => sum + m.change, 0);
        expect(stock).toBe(start + moved);
      }
      for (const productId of new Set(lines.map((l) => l.productId))) {
        const { stock } = await db.kysely
          .selectFrom('products')
          .select('stock')
          .where('id', '=', productId)
          .executeTakeFirstOrThrow();
        const variants = await variantsOf(db, productId);
        expect(stock).toBe(variants.reduce((sum, v) => sum + v.stock, 0));
      }
    } finally {
      await db.close();
    }

    // The restored shop runs: the shopper's session (the same secret) and photo came along.
    const restoredServer = await startServerProcess(restoredEnv.DATABASE_URL, {
      DATA_DIR: restoredEnv.DATA_DIR,
    });
    try {
      expect(await photoSeenOn(restoredServer, shopper.cookie)).toEqual({
        status: 200,
        bytes: originalPhoto,
      });
      const line = lines[0]!;
      const order = await fetch(`${restoredServer.url}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
        body: JSON.stringify(orderBody([{ ...line, quantity: 1 }])),
      });
      expect(order.status).toBe(201);
    } finally {
      await restoredServer.stop();
    }
  }, 60_000);

  it('refuses a damaged backup and writes nothing', async () => {
    const damaged = path.join(temporary(), 'damaged');
    fs.cpSync(backupFolder, damaged, { recursive: true });
    const database = path.join(damaged, 'souq.db');
    const bytes = fs.readFileSync(database);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle]! + 1) % 256;
    fs.writeFileSync(database, bytes);

    const target = shopIn(temporary());
    const result = await runScript('restore', target, [damaged]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'restore: the backup is damaged: souq.db does not match its checksum',
    );
    expect(fs.readdirSync(target.DATA_DIR)).toEqual([]);
  });

  it('replaces an existing shop only with --force, and never while it runs', async () => {
    const target = shopIn(temporary());
    expect((await runScript('restore', target, [backupFolder])).code).toBe(0);
    const file = target.DATABASE_URL.slice('sqlite:'.length);

    const again = await runScript('restore', target, [backupFolder]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`restore: ${file} exists; add --force to replace it`);

    const running = await startServerProcess(target.DATABASE_URL, { DATA_DIR: target.DATA_DIR });
    const placed = await fetch(`${running.url}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
      body: JSON.stringify(orderBody([{ ...lines[0]!, quantity: 1 }])),
    });
    expect(placed.status).toBe(201);
    const whileRunning = await runScript('restore', target, [backupFolder, '--force']);
    await running.stop();
    expect(whileRunning.code).toBe(2);
    expect(whileRunning.stderr).toContain(`restore: a shop is running on ${file}; stop it`);

    const forced = await runScript('restore', target, [backupFolder, '--force']);
    expect(forced.code).toBe(0);
    const db = await openDatabase(target.DATABASE_URL);
    try {
      // The order placed on the replaced shop is gone with it.
      const { n } = await db.kysely
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(n).toBe(manifest.counts.orders);
    } finally {
      await db.close();
    }
  }, 60_000);
});

describe('npm run backup and npm run restore refuse what they cannot do', () => {
  it('points PostgreSQL shops to pg_dump in the README', async () => {
    const result = await runScript('backup', {
      DATABASE_URL: 'postgres://souq@127.0.0.1:1/souq',
      DATA_DIR: temporary(),
    });
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe(
      'backup: DATABASE_URL is PostgreSQL: back it up with pg_dump (README, "Backups")',
    );
  });

  it('says when there is no database to back up, and writes no backup', async () => {
    const env = shopIn(temporary());
    const out = temporary();
    const result = await runScript('backup', env, ['--out', out]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `backup: no database at ${env.DATABASE_URL.slice('sqlite:'.length)}`,
    );
    expect(fs.readdirSync(out)).toEqual([]);
  });

  it('answers unknown options and a missing folder with the usage', async () => {
    const backup = await runScript('backup', shopIn(temporary()), ['--outt', 'x']);
    expect(backup.code).toBe(2);
    expect(backup.stderr).toContain('usage: npm run backup [-- --out DIR]');

    const restore = await runScript('restore', shopIn(temporary()));
    expect(restore.code).toBe(2);
    expect(restore.stderr).toContain('usage: npm run restore -- BACKUP_FOLDER [--force]');

    const notABackup = temporary();
    const refused = await runScript('restore', shopIn(temporary()), [notABackup]);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      `restore: ${notABackup} is not a backup: it has no readable manifest.json`,
    );
  });
});
