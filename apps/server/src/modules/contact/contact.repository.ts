import type { Kysely } from 'kysely';
import type { Db } from '../../db/connection';
import { defineRepository } from '../../db/repository';
import type { Database } from '../../db/schema';

export interface NewContactMessage {
  name: string;
  email: string;
  phone: string;
  message: string;
}

function contactQueries(executor: Kysely<Database>) {
  return {
    async saveMessage(message: NewContactMessage): Promise<number> {
      const row = await executor
        .insertInto('contact_messages')
        .values(message)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}

export function createContactRepository(db: Db) {
  return defineRepository(db, contactQueries);
}
export type ContactRepository = ReturnType<typeof createContactRepository>;
