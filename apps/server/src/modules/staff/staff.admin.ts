import { staffInviteSchema } from '@souq/contracts/staff';
import type { Db } from '../../db/connection';
import { COMMAND_LINE_ACTOR } from '../audit/audit.repository';
import { hashPassword, passwordProblem } from '../auth/password-policy';
import { createStaffRepository } from './staff.repository';

/** What `npm run admin:create` is given: the same email and name rules as an invitation. */
export const newOwnerSchema = staffInviteSchema.pick({ email: true, name: true });

/** What the command line must ask before it writes: whether a password is needed. */
export async function ownerAccountState(db: Db, email: string) {
  const account = await createStaffRepository(db).accounts.findByEmail(email);
  return { exists: account !== undefined, needsPassword: !account?.hasPassword };
}

export class OwnerInputError extends Error {}

export interface OwnerOutcome {
  outcome: 'created' | 'promoted' | 'already_owner';
  /** The account's email as stored (lower-cased). */
  email: string;
}

/**
 * Makes the account of `email` an owner, creating it when it does not exist. An account that has
 * a password keeps it; otherwise `password` becomes it (checked like a sign-up's). One
 * transaction, audited as done by the command line.
 */
export async function makeOwner(
  db: Db,
  input: { email: string; name?: string; password?: string },
): Promise<OwnerOutcome> {
  const passwordHash = input.password === undefined ? undefined : await checkedHash(input.password);
  return createStaffRepository(db).transaction(async (q) => {
    let account = await q.accounts.findByEmail(input.email);
    const created = account === undefined;
    account ??= await q.accounts.createWithoutPassword({
      email: input.email,
      name: input.name ?? '',
    });
    if (!account.hasPassword) {
      if (!passwordHash) throw new OwnerInputError('a password is needed for this account');
      await q.accounts.addPassword(account.id, passwordHash);
    }
    const role = await q.roleOf(account.id);
    if (role === 'owner') return { outcome: 'already_owner', email: account.email };
    if (role) await q.setRole(account.id, 'owner');
    else await q.addStaffMember({ userId: account.id, role: 'owner', addedBy: null });
    await q.audit.record({
      actor: COMMAND_LINE_ACTOR,
      action: role ? 'staff.role_changed' : 'staff.invited',
      entityType: 'staff',
      entityId: account.id,
      before: role ? { email: account.email, role } : null,
      after: { email: account.email, role: 'owner' },
    });
    return { outcome: created ? 'created' : 'promoted', email: account.email };
  });
}

async function checkedHash(password: string): Promise<string> {
  const problem = passwordProblem(password);
  if (problem) throw new OwnerInputError(`password refused: ${problem}`);
  return hashPassword(password);
}
