import type { Kysely } from 'kysely';
import type { StaffRole } from '@souq/contracts/staff';
import type { Db } from '../../db/connection';
import { defineRepository } from '../../db/repository';
import type { Database } from '../../db/schema';
import { auditWriter } from '../audit/audit.repository';

function staffQueries(executor: Kysely<Database>) {
  return {
    audit: auditWriter(executor),

    /** The account's role, or undefined for a shopper: one primary-key read per back-office request. */
    async roleOf(userId: string): Promise<StaffRole | undefined> {
      const row = await executor
        .selectFrom('staff_members')
        .select('role')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.role;
    },

    async addStaffMember(member: { userId: string; role: StaffRole; addedBy: string | null }) {
      await executor
        .insertInto('staff_members')
        .values({ user_id: member.userId, role: member.role, added_by: member.addedBy })
        .execute();
    },
  };
}

export function createStaffRepository(db: Db) {
  return defineRepository(db, staffQueries);
}
export type StaffRepository = ReturnType<typeof createStaffRepository>;
