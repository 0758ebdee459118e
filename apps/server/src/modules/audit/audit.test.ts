import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_PAGE_SIZE, auditListSchema } from '@souq/contracts/staff';
import { defineRepository } from '../../db/repository';
import { apiError } from '../../test/auth-helpers';
import { signUpTestStaff, type TestStaff } from '../../test/staff-helpers';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';
import { auditWriter, COMMAND_LINE_ACTOR } from './audit.repository';

describe.each(testDialects)('the audit log on %s', (dialect) => {
  let t: TestApp;
  let owner: TestStaff;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false });
    owner = await signUpTestStaff(t.app, t.db, 'owner');
  });
  afterAll(() => t.close());

  /** A module's repository as other modules make theirs: a change and the audit writer. */
  const repository = () =>
    defineRepository(t.db, (executor) => ({
      audit: auditWriter(executor),
      async saveNote(message: string) {
        await executor
          .insertInto('contact_messages')
          .values({ name: 'Note', email: 'note@example.com', phone: '', message })
          .execute();
      },
    }));

  const read = (query = '', cookie = owner.cookie) =>
    t.app.inject({ method: 'GET', url: `/api/admin/audit${query}`, headers: { cookie } });

  const notes = (message: string) =>
    t.db.kysely
      .selectFrom('contact_messages')
      .select('id')
      .where('message', '=', message)
      .execute();

  it('commits an entry with the change it describes', async () => {
    await repository().transaction(async (q) => {
      await q.saveNote('kept');
      await q.audit.record({
        actor: { userId: owner.id, email: owner.email },
        action: 'message.read',
        entityType: 'note',
        entityId: 'kept',
        before: null,
        after: { message: 'kept', nested: { amount: 1250 } },
      });
    });
    const response = await read('?entityType=note&entityId=kept');
    expect(response.statusCode).toBe(200);
    const { items } = auditListSchema.parse(response.json());
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      actor: { userId: owner.id, email: owner.email },
      action: 'message.read',
      entityType: 'note',
      entityId: 'kept',
      before: null,
      after: { message: 'kept', nested: { amount: 1250 } },
    });
    expect(Date.now() - Date.parse(items[0]!.at)).toBeLessThan(60_000);
  });

  it('rolls an entry back with a change that fails', async () => {
    await expect(
      repository().transaction(async (q) => {
        await q.audit.record({
          actor: COMMAND_LINE_ACTOR,
          action: 'message.read',
          entityType: 'note',
          entityId: 'lost',
          before: null,
          after: { message: 'lost' },
        });
        await q.saveNote('lost');
        throw new Error('the change fails after both writes');
      }),
    ).rejects.toThrow('the change fails');
    expect(await notes('lost')).toHaveLength(0);
    const { items } = auditListSchema.parse((await read('?entityType=note&entityId=lost')).json());
    expect(items).toHaveLength(0);
  });

  it('keeps the time the caller gives', async () => {
    const at = new Date('2026-03-01T08:30:00.000Z');
    await repository().audit.record({
      actor: COMMAND_LINE_ACTOR,
      action: 'message.answered',
      entityType: 'note',
      entityId: 'dated',
      before: { message: 'a' },
      after: null,
      at,
    });
    const { items } = auditListSchema.parse((await read('?entityType=note&entityId=dated')).json());
    expect(items[0]).toMatchObject({
      at: at.toISOString(),
      actor: { userId: null, email: 'command line' },
      before: { message: 'a' },
      after: null,
    });
  });

  it('reads newest first, a page at a time', async () => {
    const writer = repository();
    for (let i = 1; i <= AUDIT_PAGE_SIZE + 2; i++) {
      await writer.audit.record({
        actor: COMMAND_LINE_ACTOR,
        action: 'category.reordered',
        entityType: 'counter',
        entityId: 'paged',
        before: { value: i - 1 },
        after: { value: i },
      });
    }
    const first = auditListSchema.parse((await read('?entityType=counter&entityId=paged')).json());
    expect(first).toMatchObject({ page: 1, hasMore: true });
    expect(first.items).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.items[0]!.after).toEqual({ value: AUDIT_PAGE_SIZE + 2 });
    const second = auditListSchema.parse(
      (await read('?entityType=counter&entityId=paged&page=2')).json(),
    );
    expect(second).toMatchObject({ page: 2, hasMore: false });
    expect(second.items.map((entry) => entry.after)).toEqual([{ value: 2 }, { value: 1 }]);
    // Without a filter the newest entry of all comes first.
    const all = auditListSchema.parse((await read()).json());
    expect(all.items[0]!.after).toEqual({ value: AUDIT_PAGE_SIZE + 2 });
  });

  it('refuses a malformed filter with the fields named', async () => {
    const response = await read('?entityType=Not%20a%20type&page=0');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(apiError(response).fields ?? {})).toEqual(
      expect.arrayContaining(['entityType', 'page']),
    );
  });

  it('is for owners only', async () => {
    for (const role of ['manager', 'fulfilment', 'support'] as const) {
      const member = await signUpTestStaff(t.app, t.db, role);
      const response = await read('', member.cookie);
      expect(response.statusCode, role).toBe(403);
      expect(apiError(response).code).toBe('forbidden');
    }
  });
});
