import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';
import { staffRoles } from '@souq/contracts/staff';
import { addIdColumn, dialectTypes } from '../dialect';

/**
 * The back office's people and its record of changes.
 *
 * staff_members: an account is staff only while it has a row here (one role each); removing the
 * row leaves a shopper account. added_by is the member who made them staff (null from the
 * command line, or once that member's account is gone).
 *
 * audit_log: one row per back-office change, written in the same transaction as the change. The
 * actor's email is copied so the log still says who acted after their account is gone; before and
 * after are JSON text. Read newest first by id, and per entity by (entity_type, entity_id, id).
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  const t = dialectTypes(dialect);
  const roles = sql.raw(staffRoles.map((role) => `'${role}'`).join(', '));

  await db.schema
    .createTable('staff_members')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in (${roles})`))
    .addColumn('added_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  // The last-owner rule counts owners.
  await db.schema
    .createIndex('staff_members_role_idx')
    .on('staff_members')
    .column('role')
    .execute();

  await addIdColumn(db.schema.createTable('audit_log'), dialect)
    .addColumn('at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('actor_user_id', 'text')
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .execute();
  await db.schema
    .createIndex('audit_log_entity_idx')
    .on('audit_log')
    .columns(['entity_type', 'entity_id', 'id'])
    .execute();
}
