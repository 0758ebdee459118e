import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { signUpTestUser } from '../test/auth-helpers';
import { createAppOverDb, createTestDb, testDialects, type TestDb } from '../test/test-app';

const postgres = testDialects.includes('postgres');

describe.runIf(postgres)('migrations on a PostgreSQL database shared with another shop', () => {
  const dbs: TestDb[] = [];
  afterEach(async () => {
    await Promise.all(dbs.splice(0).map((t) => t.cleanup()));
  });

  it('keep each schema its own migration tables', async () => {
    // The first shop's schema holds Kysely's migration tables when the second one migrates.
    const first = await createTestDb('postgres');
    dbs.push(first);
    const second = await createTestDb('postgres');
    dbs.push(second);

    for (const { db } of [first, second]) {
      const { rows } = await sql<{ migrations: number }>`select count(*)::int as migrations
        from kysely_migration`.execute(db.kysely);
      expect(rows[0]?.migrations).toBeGreaterThan(0);
      const own = await sql<{ table_name: string }>`select table_name
        from information_schema.tables
        where table_schema = current_schema() and table_name like 'kysely_migration%'
        order by table_name`.execute(db.kysely);
      expect(own.rows.map((r) => r.table_name)).toEqual([
        'kysely_migration',
        'kysely_migration_lock',
      ]);
    }
  });
});

describe.runIf(postgres)('starting on a PostgreSQL database whose other schemas change', () => {
  const dbs: TestDb[] = [];
  afterEach(async () => {
    await Promise.all(dbs.splice(0).map((t) => t.cleanup()));
  });

  it('migrates and serves while another schema of the database comes and goes', async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const churn = { running: true, dropped: 0 };
    // Another shop's, or another test file's, schema made and dropped again and again.
    const churning = (async () => {
      while (churn.running) {
        const schema = `churn_${randomUUID().replaceAll('-', '')}`;
        await admin.query(`create schema ${schema}; create table ${schema}.items (id serial)`);
        await admin.query(`drop schema ${schema} cascade`);
        churn.dropped++;
      }
    })();
    try {
      for (let i = 0; i < 6; i++) {
        const t = await createTestDb('postgres');
        dbs.push(t);
        // better-auth looks at its tables' columns when first used.
        const app = await createAppOverDb(t.db);
        try {
          await signUpTestUser(app.app);
        } finally {
          await app.close();
        }
      }
    } finally {
      churn.running = false;
      await churning;
      await admin.end();
    }
    expect(churn.dropped).toBeGreaterThan(0);
  });
});
