import {
  rolePermissions,
  type StaffInvite,
  type StaffList,
  type StaffMe,
  type StaffMember,
  type StaffRole,
} from '@souq/contracts/staff';
import type { ShopSettings } from '@souq/contracts/shop-settings';
import { isUniqueViolation } from '../../db/constraint-errors';
import { AppError, NotFoundError } from '../../http/errors';
import type { AuditActor } from '../audit/audit.repository';
import type { CurrentStaff } from './staff-guard';
import { staffInvitationMail } from './staff-invitation-mail';
import type { StaffRepository } from './staff.repository';

/** How long an invitation's set-password link works. */
export const INVITATION_LINK_DAYS = 7;

export interface StaffServiceDeps {
  repository: StaffRepository;
  /** The shop's address, for the links in invitation mails. */
  publicUrl: string;
  /** The shop's settings as they are now, for the invitation mail's name and logo. */
  shopSettings: () => Promise<ShopSettings>;
  clock?: () => Date;
}

const actorOf = (staff: CurrentStaff): AuditActor => ({ userId: staff.id, email: staff.email });

export function createStaffService({
  repository,
  publicUrl,
  shopSettings,
  clock = () => new Date(),
}: StaffServiceDeps) {
  const notStaff = () => new NotFoundError('This account is not on the staff.');
  const lastOwner = () =>
    new AppError(409, 'last_owner', 'The shop needs at least one owner. Make another owner first.');

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

    async list(): Promise<StaffList> {
      return { items: await repository.listMembers() };
    },

    /**
     * Makes an account staff. An existing account keeps its password; an unknown email gets an
     * account without one and the invitation carries a link to set it (as does an earlier
     * invitation's account whose password was never set). The mail goes into the outbox in the
     * same transaction, so it is sent only if the change commits, and a mail server that is down
     * delays it without losing it.
     */
    async invite(inviter: CurrentStaff, input: StaffInvite): Promise<StaffMember> {
      const now = clock();
      const expiresAt = new Date(now.getTime() + INVITATION_LINK_DAYS * 24 * 60 * 60_000);
      const locale = input.locale ?? 'en';
      // Read before the transaction: on SQLite it holds the one writing connection.
      const shop = await shopSettings();
      try {
        return await repository.transaction(async (q) => {
          const existing = await q.accounts.findByEmail(input.email);
          if (existing && (await q.roleOf(existing.id))) throw alreadyStaff();
          const account =
            existing ??
            (await q.accounts.createWithoutPassword({
              email: input.email,
              name: input.name ?? '',
            }));
          const token = account.hasPassword
            ? undefined
            : await q.accounts.issuePasswordToken(account.id, expiresAt);
          await q.addStaffMember({ userId: account.id, role: input.role, addedBy: inviter.id });
          await q.audit.record({
            actor: actorOf(inviter),
            action: 'staff.invited',
            entityType: 'staff',
            entityId: account.id,
            before: null,
            after: { email: account.email, role: input.role },
            at: now,
          });
          await q.queueMail({
            kind: 'staff_invitation',
            to: account.email,
            orderId: null,
            at: now.toISOString(),
            ...staffInvitationMail({
              role: input.role,
              shop,
              inviterName: inviter.name || inviter.email,
              locale,
              adminUrl: `${publicUrl}/admin`,
              ...(token
                ? {
                    setPasswordUrl: `${publicUrl}/reset-password?token=${encodeURIComponent(token)}&lang=${locale}`,
                  }
                : {}),
            }),
          });
          const member = await q.findMember(account.id);
          if (!member) throw new Error('the new staff member is not there');
          return member;
        });
      } catch (error) {
        // Two invitations of one email at once: the later one meets the first one's rows.
        if (isUniqueViolation(error)) throw alreadyStaff();
        throw error;
      }
    },

    async changeRole(actor: CurrentStaff, userId: string, role: StaffRole): Promise<StaffMember> {
      return repository.transaction(async (q) => {
        const owners = await q.lockOwners();
        const member = await q.findMember(userId);
        if (!member) throw notStaff();
        if (member.role === role) return member;
        if (member.role === 'owner' && owners.length <= 1) throw lastOwner();
        await q.setRole(userId, role);
        await q.audit.record({
          actor: actorOf(actor),
          action: 'staff.role_changed',
          entityType: 'staff',
          entityId: userId,
          before: { email: member.email, role: member.role },
          after: { email: member.email, role },
        });
        return { ...member, role };
      });
    },

    /** Takes an account off the staff; it stays a shopper account. */
    async remove(actor: CurrentStaff, userId: string): Promise<void> {
      await repository.transaction(async (q) => {
        const owners = await q.lockOwners();
        const member = await q.findMember(userId);
        if (!member) throw notStaff();
        if (member.role === 'owner' && owners.length <= 1) throw lastOwner();
        await q.removeStaffMember(userId);
        await q.audit.record({
          actor: actorOf(actor),
          action: 'staff.removed',
          entityType: 'staff',
          entityId: userId,
          before: { email: member.email, role: member.role },
          after: null,
        });
      });
    },
  };
}
export type StaffService = ReturnType<typeof createStaffService>;

function alreadyStaff() {
  return new AppError(409, 'already_staff', 'This account is already on the staff.');
}
