import type { Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';
import type { StaffMember, StaffRole } from '@souq/contracts/staff';
import type { Db } from '../../db/connection';
import { toIsoString } from '../../db/dialect';
import { defineRepository } from '../../db/repository';
import type { Database } from '../../db/schema';
import { auditWriter } from '../audit/audit.repository';
import { accountProvisioning } from '../auth/account-provisioning';
import { queueMail, type QueuedMail } from '../mail/outbox.queries';

function staffQueries(executor: Kysely<Database>, dialect: DatabaseDialect) {
  function members() {
    return executor
      .selectFrom('staff_members')
      .innerJoin('users', 'users.id', 'staff_members.user_id')
      .leftJoin('auth_accounts', (join) =>
        join
          .onRef('auth_accounts.user_id', '=', 'users.id')
          .on('auth_accounts.provider_id', '=', 'credential')
          .on('auth_accounts.password', 'is not', null),
      )
      .select([
        'staff_members.user_id',
        'staff_members.role',
        'staff_members.created_at',
        'users.email',
        'users.name',
        'auth_accounts.id as credential',
      ]);
  }
  type MemberRow = Awaited<ReturnType<ReturnType<typeof members>['executeTakeFirstOrThrow']>>;
  const toMember = (row: MemberRow): StaffMember => ({
    userId: row.user_id,
    email: row.email,
    name: row.name,
    role: row.role,
    since: toIsoString(row.created_at),
    // An invited account has no password until its link is used; that first use signs it in.
    hasSignedIn: row.credential !== null,
  });

  return {
    audit: auditWriter(executor),
    accounts: accountProvisioning(executor, dialect),
    /** Into the mail outbox, sent by its worker once this transaction commits. */
    queueMail: (mail: QueuedMail) => queueMail(executor, mail),

    /** The account's role, or undefined for a shopper: one primary-key read per back-office request. */
    async roleOf(userId: string): Promise<StaffRole | undefined> {
      const row = await executor
        .selectFrom('staff_members')
        .select('role')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.role;
    },

    async listMembers(): Promise<StaffMember[]> {
      const rows = await members()
        .orderBy('staff_members.created_at')
        .orderBy('staff_members.user_id')
        .execute();
      return rows.map(toMember);
    },

    async findMember(userId: string): Promise<StaffMember | undefined> {
      const row = await members().where('staff_members.user_id', '=', userId).executeTakeFirst();
      return row && toMember(row);
    },

    async addStaffMember(member: { userId: string; role: StaffRole; addedBy: string | null }) {
      await executor
        .insertInto('staff_members')
        .values({ user_id: member.userId, role: member.role, added_by: member.addedBy })
        .execute();
    },

    async setRole(userId: string, role: StaffRole) {
      await executor
        .updateTable('staff_members')
        .set({ role })
        .where('user_id', '=', userId)
        .execute();
    },

    async removeStaffMember(userId: string) {
      await executor.deleteFrom('staff_members').where('user_id', '=', userId).execute();
    },

    /**
     * The owners, locked until the transaction ends, so two owners demoting or removing each
     * other at once cannot leave the shop without one. SQLite's write transaction already holds
     * the one write lock; on PostgreSQL the second transaction waits here and then sees the first
     * one's change.
     */
    async lockOwners(): Promise<string[]> {
      const query = executor
        .selectFrom('staff_members')
        .select('user_id')
        .where('role', '=', 'owner');
      const rows = await (dialect === 'postgres' ? query.forUpdate() : query).execute();
      return rows.map((row) => row.user_id);
    },
  };
}

export function createStaffRepository(db: Db) {
  return defineRepository(db, (executor) => staffQueries(executor, db.dialect));
}
export type StaffRepository = ReturnType<typeof createStaffRepository>;
