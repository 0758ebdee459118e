import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';
import { addIdColumn, dialectTypes } from '../dialect';

/**
 * Accounts. users, sessions, auth_accounts and verifications are better-auth's tables under
 * our names (mapped in modules/auth/auth.ts); the rest are ours: the address book, failed
 * sign-ins (the limit several app servers share) and profile photos.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  const t = dialectTypes(dialect);
  // better-auth writes booleans as 0/1 on SQLite and as booleans on PostgreSQL.
  const boolean = dialect === 'postgres' ? sql`boolean` : sql`integer`;

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    // better-auth looks users up by the exact (lower-cased) address it stores.
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('email_verified', boolean, (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('auth_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('access_token', 'text')
    .addColumn('refresh_token', 'text')
    .addColumn('id_token', 'text')
    .addColumn('access_token_expires_at', t.timestamp)
    .addColumn('refresh_token_expires_at', t.timestamp)
    .addColumn('scope', 'text')
    // argon2id PHC string for the "credential" provider
    .addColumn('password', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('auth_accounts_user_id')
    .on('auth_accounts')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('verifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('verifications_identifier')
    .on('verifications')
    .column('identifier')
    .execute();

  await addIdColumn(db.schema.createTable('addresses'), dialect)
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('street_address', 'text', (c) => c.notNull())
    .addColumn('apartment', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('is_default', boolean, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('addresses_user_id').on('addresses').column('user_id').execute();

  // One row per failed sign-in; counted over the last minute and hour, pruned after an hour.
  await addIdColumn(db.schema.createTable('sign_in_failures'), dialect)
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('client_address', 'text', (c) => c.notNull())
    .addColumn('failed_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sign_in_failures_email')
    .on('sign_in_failures')
    .columns(['email', 'failed_at'])
    .execute();
  await db.schema
    .createIndex('sign_in_failures_client_address')
    .on('sign_in_failures')
    .columns(['client_address', 'failed_at'])
    .execute();

  await db.schema
    .createTable('profile_photos')
    // the server-chosen file name under the uploads folder
    .addColumn('file_name', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex('profile_photos_user_id')
    .on('profile_photos')
    .column('user_id')
    .execute();
}
