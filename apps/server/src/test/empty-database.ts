import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterEach } from 'vitest';
import type { DatabaseDialect } from '@souq/contracts/health';
import { connectDatabase, type Db } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';

const postgresUrl = process.env.TEST_DATABASE_URL;

/** A connected database with no tables yet, and how to throw it away. */
export async function emptyDatabase(
  dialect: DatabaseDialect,
): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-migration-'));
    const db = await connectDatabase(`sqlite:${path.join(dir, 'souq.db')}`);
    return {
      db,
      drop: async () => {
        await db.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = await connectDatabase(postgresUrl ?? '', {
    searchPath: `${schema},public`,
    poolSize: 2,
  });
  return {
    db,
    drop: async () => {
      await db.close();
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}

/**
 * A migration's test: `migratedTo(name)` is a new empty database migrated up to `name` (the
 * migration before the one under test), thrown away after the test. Call it in a `describe`.
 */
export function migrationTestDatabases(dialect: DatabaseDialect) {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
    drop = undefined;
  });
  return async function migratedTo(
    migration: NonNullable<Parameters<typeof migrateToLatest>[2]>,
  ): Promise<Kysely<Database>> {
    const empty = await emptyDatabase(dialect);
    drop = empty.drop;
    await migrateToLatest(empty.db.kysely, dialect, migration);
    return empty.db.kysely;
  };
}
