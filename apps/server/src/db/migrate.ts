import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';
import * as m0001 from './migrations/0001-catalog';
import * as m0002 from './migrations/0002-coupons';
import * as m0003 from './migrations/0003-catalog-details';
import * as m0004 from './migrations/0004-accounts';
import * as m0005 from './migrations/0005-content';
import * as m0006 from './migrations/0006-orders';
import * as m0007 from './migrations/0007-first-order-claims';
import * as m0008 from './migrations/0008-cart-merges';
import * as m0009 from './migrations/0009-arabic-search-folding';
import * as m0010 from './migrations/0010-catalog-version';
import * as m0011 from './migrations/0011-order-line-names';
import * as m0012 from './migrations/0012-staff-and-audit';
import * as m0013 from './migrations/0013-order-lifecycle';
import * as m0014 from './migrations/0014-catalog-version-covers-responses';
import * as m0015 from './migrations/0015-variants-and-stock-ledger';
import * as m0016 from './migrations/0016-catalog-admin';
import * as m0017 from './migrations/0017-marketing-and-messages';
import * as m0018 from './migrations/0018-drop-database-text-search';
import * as m0019 from './migrations/0019-order-language-from-the-list';
import * as m0020 from './migrations/0020-order-line-translations';
import * as m0021 from './migrations/0021-catalog-translations';
import * as m0022 from './migrations/0022-shop-settings';
import * as m0023 from './migrations/0023-mail-message-ids';
import * as m0024 from './migrations/0024-shop-currency-setting';
import * as m0025 from './migrations/0025-carriers-and-tracking-links';
import * as m0026 from './migrations/0026-shipping-zones-and-address-country';
import * as m0027 from './migrations/0027-product-reviews';
import * as m0028 from './migrations/0028-back-in-stock-alerts';
import * as m0029 from './migrations/0029-payments-card-holds';
import * as m0030 from './migrations/0030-order-tax-amounts';
import * as m0031 from './migrations/0031-vat-rates-and-product-tax-class';
import * as m0032 from './migrations/0032-tax-invoices-and-credit-notes';
import * as m0033 from './migrations/0033-stock-alert-unsubscribe-tokens';
import * as m0034 from './migrations/0034-credit-notes-for-cancelled-orders';
import * as m0035 from './migrations/0035-mail-body-rendered-when-sent';
import * as m0036 from './migrations/0036-payment-refunds-declined-later';
import * as m0037 from './migrations/0037-catalog-product-change-log';
import * as m0038 from './migrations/0038-checkout-rules-version';
import { connectDatabase, type ConnectOptions, type Db } from './connection';
import type { Database } from './schema';

type DialectMigration = { up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> };

/** In order; never edit one that has shipped, add a new one. */
const migrations = {
  '0001-catalog': m0001,
  '0002-coupons': m0002,
  '0003-catalog-details': m0003,
  '0004-accounts': m0004,
  '0005-content': m0005,
  '0006-orders': m0006,
  '0007-first-order-claims': m0007,
  '0008-cart-merges': m0008,
  '0009-arabic-search-folding': m0009,
  '0010-catalog-version': m0010,
  '0011-order-line-names': m0011,
  '0012-staff-and-audit': m0012,
  '0013-order-lifecycle': m0013,
  '0014-catalog-version-covers-responses': m0014,
  '0015-variants-and-stock-ledger': m0015,
  '0016-catalog-admin': m0016,
  '0017-marketing-and-messages': m0017,
  '0018-drop-database-text-search': m0018,
  '0019-order-language-from-the-list': m0019,
  '0020-order-line-translations': m0020,
  '0021-catalog-translations': m0021,
  '0022-shop-settings': m0022,
  '0023-mail-message-ids': m0023,
  '0024-shop-currency-setting': m0024,
  '0025-carriers-and-tracking-links': m0025,
  '0026-shipping-zones-and-address-country': m0026,
  '0027-product-reviews': m0027,
  '0028-back-in-stock-alerts': m0028,
  '0029-payments-card-holds': m0029,
  '0030-order-tax-amounts': m0030,
  '0031-vat-rates-and-product-tax-class': m0031,
  '0032-tax-invoices-and-credit-notes': m0032,
  '0033-stock-alert-unsubscribe-tokens': m0033,
  '0034-credit-notes-for-cancelled-orders': m0034,
  '0035-mail-body-rendered-when-sent': m0035,
  '0036-payment-refunds-declined-later': m0036,
  '0037-catalog-product-change-log': m0037,
  '0038-checkout-rules-version': m0038,
} satisfies Record<string, DialectMigration>;

/** Listed in code rather than read from a folder, so the same set runs under tsx, tests and bundlers. */
class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: DatabaseDialect) {}
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(
      Object.fromEntries(
        Object.entries(migrations).map(([name, m]: [string, DialectMigration]) => [
          name,
          { up: (db: Kysely<unknown>) => m.up(db, this.dialect) },
        ]),
      ),
    );
  }
}

/** Migrates to the latest migration, or up to and including `target` (tests of a migration's data). */
export async function migrateToLatest(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
  target?: keyof typeof migrations,
) {
  const migrator = new Migrator({
    db,
    provider: new StaticMigrationProvider(dialect),
    migrationTableSchema: await migrationTableSchema(db, dialect),
  });
  const { error, results } = target
    ? await migrator.migrateTo(target)
    : await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(
      `Database migration ${failed ? `"${failed.migrationName}" ` : ''}failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`,
      { cause: error },
    );
  }
  return results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
}

/**
 * PostgreSQL: the schema the shop's tables go into (the first on the search path). Named to the
 * migrator because, unnamed, it takes a migration table in any schema of the database (another
 * shop's, or another test file's) for its own and then fails to find it on the search path.
 */
async function migrationTableSchema(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
): Promise<string | undefined> {
  if (dialect !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(
    db,
  );
  return rows[0]?.schema ?? undefined;
}

/** Connects and brings the schema up to date: what every way of running the shop starts with. */
export async function openDatabase(url: string, options: ConnectOptions = {}): Promise<Db> {
  const db = await connectDatabase(url, options);
  try {
    await migrateToLatest(db.kysely, db.dialect);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
