import type { Db } from '../../db/connection';

export interface NewContactMessage {
  name: string;
  email: string;
  phone: string;
  message: string;
}

export function createContactRepository(db: Db) {
  return {
    async saveMessage(message: NewContactMessage): Promise<number> {
      const row = await db.kysely
        .insertInto('contact_messages')
        .values(message)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}
