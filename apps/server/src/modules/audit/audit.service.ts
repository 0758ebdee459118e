import type { AuditList, AuditQuery } from '@souq/contracts/staff';
import type { AuditRepository } from './audit.repository';

/** Reading the audit log; writing happens in each module's own transaction (auditWriter). */
export function createAuditService({ repository }: { repository: AuditRepository }) {
  return {
    async listEntries(query: AuditQuery): Promise<AuditList> {
      const { items, hasMore } = await repository.listEntries(query);
      return { items, page: query.page ?? 1, hasMore };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
