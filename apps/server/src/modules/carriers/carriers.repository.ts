import type { Kysely, Selectable } from 'kysely';
import type { Carrier, CarrierInput } from '@souq/contracts/carriers';
import type { Db } from '../../db/connection';
import { defineRepository } from '../../db/repository';
import type { CarrierTable, Database } from '../../db/schema';
import { auditWriter } from '../audit/audit.repository';

const toCarrier = (row: Selectable<CarrierTable>): Carrier => ({
  id: row.id,
  name: row.name,
  trackingUrl: row.tracking_url,
});

const columnsOf = (input: CarrierInput) => ({ name: input.name, tracking_url: input.trackingUrl });

function carriersQueries(executor: Kysely<Database>) {
  return {
    async list(): Promise<Carrier[]> {
      const rows = await executor.selectFrom('carriers').selectAll().orderBy('name').execute();
      return rows.map(toCarrier);
    },

    async find(id: number): Promise<Carrier | undefined> {
      const row = await executor
        .selectFrom('carriers')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toCarrier(row);
    },

    /** The carrier of that name in any case, to keep names apart. */
    async idByName(name: string): Promise<number | undefined> {
      const row = await executor
        .selectFrom('carriers')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
        .executeTakeFirst();
      return row?.id;
    },

    async insert(input: CarrierInput): Promise<Carrier> {
      return toCarrier(
        await executor
          .insertInto('carriers')
          .values(columnsOf(input))
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    },

    async update(id: number, input: CarrierInput): Promise<Carrier> {
      return toCarrier(
        await executor
          .updateTable('carriers')
          .set(columnsOf(input))
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    },

    async remove(id: number): Promise<void> {
      await executor.deleteFrom('carriers').where('id', '=', id).execute();
    },

    /** Staff changes are logged in the transaction that makes them (modules/audit). */
    audit: auditWriter(executor),
  };
}

export function createCarriersRepository(db: Db) {
  return defineRepository(db, carriersQueries);
}
export type CarriersRepository = ReturnType<typeof createCarriersRepository>;
