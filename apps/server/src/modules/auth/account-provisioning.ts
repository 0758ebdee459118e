import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';
import type { Database } from '../../db/schema';
import { RESET_TOKEN_PREFIX } from './auth.repository';

/** A shop account as the back office sees it when it makes someone staff. */
export interface ProvisionedAccount {
  id: string;
  email: string;
  name: string;
  /** False for an account made by an invitation whose password was never set. */
  hasPassword: boolean;
}

/**
 * better-auth's tables as the back office (and `npm run admin:create`) writes them inside its own
 * transaction, so an invitation's account, its password link and the staff row commit together. The link is a
 * better-auth reset token (same table, same form), redeemed by the shop's reset-password page and
 * better-auth's reset endpoint, which creates the password sign-in on first use. Until then the
 * account has no password at all, so nobody can sign in to it.
 */
export function accountProvisioning(executor: Kysely<Database>, dialect: DatabaseDialect) {
  return {
    async findByEmail(email: string): Promise<ProvisionedAccount | undefined> {
      const row = await executor
        .selectFrom('users')
        .leftJoin('auth_accounts', (join) =>
          join
            .onRef('auth_accounts.user_id', '=', 'users.id')
            .on('auth_accounts.provider_id', '=', 'credential')
            .on('auth_accounts.password', 'is not', null),
        )
        .select(['users.id', 'users.email', 'users.name', 'auth_accounts.id as credential'])
        .where('users.email', '=', email.toLowerCase())
        .executeTakeFirst();
      return (
        row && {
          id: row.id,
          email: row.email,
          name: row.name,
          hasPassword: row.credential !== null,
        }
      );
    },

    /** A new account with no password, as better-auth would store it (its id form, lower-cased email). */
    async createWithoutPassword(input: {
      email: string;
      name: string;
    }): Promise<ProvisionedAccount> {
      const now = new Date().toISOString();
      const account = {
        id: randomToken(),
        email: input.email.toLowerCase(),
        name: input.name,
      };
      await executor
        .insertInto('users')
        .values({
          ...account,
          // better-auth's boolean: 0/1 on SQLite
          email_verified: dialect === 'postgres' ? false : 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return { ...account, hasPassword: false };
    },

    /** The account's password sign-in, from a hash made by hashPassword (password-policy.ts). */
    async addPassword(userId: string, passwordHash: string): Promise<void> {
      const now = new Date().toISOString();
      await executor
        .insertInto('auth_accounts')
        .values({
          id: randomToken(),
          user_id: userId,
          account_id: userId,
          provider_id: 'credential',
          password: passwordHash,
          created_at: now,
          updated_at: now,
        })
        .execute();
    },

    /** A link token for setting the password, valid until `expiresAt`. */
    async issuePasswordToken(userId: string, expiresAt: Date): Promise<string> {
      const token = randomToken();
      const now = new Date().toISOString();
      await executor
        .insertInto('verifications')
        .values({
          id: randomUUID(),
          identifier: `${RESET_TOKEN_PREFIX}${token}`,
          value: userId,
          expires_at: expiresAt.toISOString(),
          created_at: now,
          updated_at: now,
        })
        .execute();
      return token;
    },
  };
}
export type AccountProvisioning = ReturnType<typeof accountProvisioning>;

/** 32 URL-safe random characters, like better-auth's own ids and tokens. */
function randomToken(): string {
  return randomBytes(24).toString('base64url');
}
