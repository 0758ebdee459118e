import type { StaffRole } from '@souq/contracts/staff';
import type { App } from '../app';
import type { Db } from '../db/connection';
import { createStaffRepository } from '../modules/staff/staff.repository';
import { signUpTestUser, type TestUser } from './auth-helpers';

export interface TestStaff extends TestUser {
  role: StaffRole;
}

/** Signs a new account up through the API and makes it staff with `role`, as an owner would. */
export async function signUpTestStaff(
  app: App,
  db: Db,
  role: StaffRole,
  overrides: Parameters<typeof signUpTestUser>[1] = {},
): Promise<TestStaff> {
  const user = await signUpTestUser(app, overrides);
  await createStaffRepository(db).addStaffMember({ userId: user.id, role, addedBy: null });
  return { ...user, role };
}
