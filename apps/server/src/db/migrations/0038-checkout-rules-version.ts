import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';

/**
 * One counter that every change of the shipping zones, their methods or the VAT rates moves
 * forward, written by triggers in the change's own transaction, whichever app server, script or
 * plain SQL made it. An order reads this one row and keeps the zones and rates it priced with
 * per version (decision 029), instead of reading three tables for each order.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  await db.schema
    .createTable('checkout_rules_version')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into checkout_rules_version (id, version) values (1, 1)`.execute(db);

  if (dialect === 'sqlite') {
    const bump = sql`update checkout_rules_version set version = version + 1 where id = 1;`;
    for (const table of RULE_TABLES)
      for (const event of ['insert', 'update', 'delete'])
        await sql`create trigger ${sql.raw(`checkout_rules_version_${table}_${event}`)}
          after ${sql.raw(event)} on ${sql.table(table)} begin ${bump} end`.execute(db);
    return;
  }
  await sql`create function bump_checkout_rules_version() returns trigger language plpgsql as $$
    begin
      update checkout_rules_version set version = version + 1 where id = 1;
      return null;
    end $$`.execute(db);
  // Once per statement, as the catalog's counter (migration 0010).
  for (const table of RULE_TABLES)
    await sql`create trigger ${sql.raw(`checkout_rules_version_${table}`)}
      after insert or update or delete on ${sql.table(table)}
      for each statement execute function bump_checkout_rules_version()`.execute(db);
}

const RULE_TABLES = ['shipping_zones', 'shipping_methods', 'tax_rates'];
