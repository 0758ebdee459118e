import type { Db } from '../../db/connection';
import { countRequest, uncountRequest } from '../../http/rate-limit';

/** better-auth keeps each reset token as a verification row named after the token. */
export const RESET_TOKEN_PREFIX = 'reset-password:';

export function createAuthRepository(db: Db) {
  return {
    /** Counts one attempt in the shared database counters (every app server sees it). */
    countAttempt: (key: string, windowMs: number) => countRequest(db, key, windowMs),

    /** Takes back an attempt counted by countAttempt (a sign-in that turned out right). */
    takeBackAttempt: (key: string) => uncountRequest(db, key),

    async findResetTokenOwner(token: string): Promise<string | null> {
      const row = await db.kysely
        .selectFrom('verifications')
        .select('value')
        .where('identifier', '=', `${RESET_TOKEN_PREFIX}${token}`)
        .executeTakeFirst();
      return row?.value ?? null;
    },

    async deleteResetTokens(userId: string) {
      await db.kysely
        .deleteFrom('verifications')
        .where('identifier', 'like', `${RESET_TOKEN_PREFIX}%`)
        .where('value', '=', userId)
        .execute();
    },

    async userExists(email: string): Promise<boolean> {
      const row = await db.kysely
        .selectFrom('users')
        .select('id')
        .where('email', '=', email.toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
