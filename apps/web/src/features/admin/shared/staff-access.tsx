import { createContext, useContext, type ReactNode } from 'react';
import type { StaffMe, StaffPermission } from '@souq/contracts/staff';

const StaffContext = createContext<StaffMe | null>(null);

export function StaffProvider({ me, children }: { me: StaffMe; children: ReactNode }) {
  return <StaffContext.Provider value={me}>{children}</StaffContext.Provider>;
}

/**
 * The signed-in staff member and what they may do, as the server said in /api/admin/me. It only
 * decides what the back office shows: the server checks every request anyway.
 */
export function useStaff() {
  const me = useContext(StaffContext);
  if (!me) throw new Error('useStaff outside the back office');
  return { me, may: (permission: StaffPermission) => me.permissions.includes(permission) };
}
