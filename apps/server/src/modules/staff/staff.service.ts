import { rolePermissions, type StaffMe } from '@souq/contracts/staff';
import type { CurrentStaff } from './staff-guard';
import type { StaffRepository } from './staff.repository';

export function createStaffService({ repository }: { repository: StaffRepository }) {
  return {
    roleOf: (userId: string) => repository.roleOf(userId),

    me(staff: CurrentStaff): StaffMe {
      return {
        id: staff.id,
        email: staff.email,
        name: staff.name,
        role: staff.role,
        permissions: [...rolePermissions[staff.role]],
      };
    },
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
