import type { Kysely } from 'kysely';
import {
  AUDIT_PAGE_SIZE,
  type AuditAction,
  type AuditEntry,
  type AuditQuery,
  systemActors,
} from '@souq/contracts/staff';
import type { Db } from '../../db/connection';
import { toIsoString } from '../../db/dialect';
import { defineRepository } from '../../db/repository';
import type { Database } from '../../db/schema';

/** Who made a change: a staff member, or the command line (no account). */
export interface AuditActor {
  userId: string | null;
  email: string;
}

export const COMMAND_LINE_ACTOR: AuditActor = { userId: null, email: systemActors.commandLine };

/** One back-office change, as the module that makes it describes it. */
export interface AuditChange {
  actor: AuditActor;
  /** e.g. "order.confirmed", "staff.role_changed": entity type, a dot, what happened. */
  action: AuditAction;
  entityType: string;
  entityId: string | number;
  /** What the entity was and became; null for "did not exist" and "no longer exists". */
  before: unknown;
  after: unknown;
  /** When it happened by the caller's clock; the database's time when left out. */
  at?: Date;
}

export interface AuditWriter {
  record(change: AuditChange): Promise<void>;
}

/**
 * The audit log's writer over an executor. Modules put it among their own queries
 * (`audit: auditWriter(executor)` in their `defineRepository` queries) and call it inside their
 * `transaction(...)`, so the log row commits or rolls back with the change it describes.
 */
export function auditWriter(executor: Kysely<Database>): AuditWriter {
  return {
    async record(change) {
      await executor
        .insertInto('audit_log')
        .values({
          ...(change.at ? { at: change.at.toISOString() } : {}),
          actor_user_id: change.actor.userId,
          actor_email: change.actor.email,
          action: change.action,
          entity_type: change.entityType,
          entity_id: String(change.entityId),
          before_json: toJson(change.before),
          after_json: toJson(change.after),
        })
        .execute();
    },
  };
}

function toJson(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

function auditQueries(executor: Kysely<Database>) {
  return {
    /** One page, newest first, and whether an older page exists. */
    async listEntries(query: AuditQuery): Promise<{ items: AuditEntry[]; hasMore: boolean }> {
      const page = query.page ?? 1;
      let select = executor
        .selectFrom('audit_log')
        .leftJoin('users', 'users.id', 'audit_log.actor_user_id')
        .selectAll('audit_log')
        .select('users.name as actor_name');
      if (query.entityType) select = select.where('entity_type', '=', query.entityType);
      if (query.entityId) select = select.where('entity_id', '=', query.entityId);
      const rows = await select
        .orderBy('audit_log.id', 'desc')
        .limit(AUDIT_PAGE_SIZE + 1)
        .offset((page - 1) * AUDIT_PAGE_SIZE)
        .execute();
      return {
        items: rows.slice(0, AUDIT_PAGE_SIZE).map((row) => ({
          id: row.id,
          at: toIsoString(row.at),
          actor: {
            userId: row.actor_user_id,
            email: row.actor_email,
            name: row.actor_name || null,
          },
          action: row.action,
          entityType: row.entity_type,
          entityId: row.entity_id,
          before: fromJson(row.before_json),
          after: fromJson(row.after_json),
        })),
        hasMore: rows.length > AUDIT_PAGE_SIZE,
      };
    },
  };
}

function fromJson(text: string | null): unknown {
  return text === null ? null : JSON.parse(text);
}

export function createAuditRepository(db: Db) {
  return defineRepository(db, auditQueries);
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
