import type { Address, AddressInput } from '@souq/contracts/addresses';
import { writeTransaction, type Db } from '../../db/connection';
import type { AddressTable } from '../../db/schema';

type AddressRow = Pick<
  AddressTable,
  | 'first_name'
  | 'last_name'
  | 'company_name'
  | 'street_address'
  | 'apartment'
  | 'city'
  | 'phone'
  | 'email'
  | 'is_default'
> & { id: number };

function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    companyName: row.company_name,
    streetAddress: row.street_address,
    apartment: row.apartment,
    city: row.city,
    phone: row.phone,
    email: row.email,
    isDefault: Boolean(row.is_default),
  };
}

function toColumns(input: AddressInput) {
  return {
    first_name: input.firstName,
    last_name: input.lastName,
    company_name: input.companyName,
    street_address: input.streetAddress,
    apartment: input.apartment,
    city: input.city,
    phone: input.phone,
    email: input.email,
  };
}

const columns = [
  'id',
  'first_name',
  'last_name',
  'company_name',
  'street_address',
  'apartment',
  'city',
  'phone',
  'email',
  'is_default',
] as const;

/** SQLite keeps booleans as 0/1; PostgreSQL as booleans. */
function dbBoolean(db: Db, value: boolean): boolean | number {
  return db.dialect === 'postgres' ? value : value ? 1 : 0;
}

export async function listAddresses(db: Db, userId: string): Promise<Address[]> {
  const rows = await db.kysely
    .selectFrom('addresses')
    .select(columns)
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toAddress);
}

export async function countAddresses(db: Db, userId: string): Promise<number> {
  const row = await db.kysely
    .selectFrom('addresses')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.count;
}

/** The shopper's first address becomes the default. */
export async function createAddress(db: Db, userId: string, input: AddressInput): Promise<Address> {
  return writeTransaction(db, async (trx) => {
    const existing = await trx
      .selectFrom('addresses')
      .select('id')
      .where('user_id', '=', userId)
      .limit(1)
      .executeTakeFirst();
    const row = await trx
      .insertInto('addresses')
      .values({ user_id: userId, ...toColumns(input), is_default: dbBoolean(db, !existing) })
      .returning(columns)
      .executeTakeFirstOrThrow();
    return toAddress(row);
  });
}

/** null when the address is not the user's (or does not exist). */
export async function updateAddress(
  db: Db,
  userId: string,
  id: number,
  input: AddressInput,
): Promise<Address | null> {
  const row = await db.kysely
    .updateTable('addresses')
    .set(toColumns(input))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(columns)
    .executeTakeFirst();
  return row ? toAddress(row) : null;
}

/** Deleting the default hands that role to the oldest remaining address. */
export async function deleteAddress(db: Db, userId: string, id: number): Promise<boolean> {
  return writeTransaction(db, async (trx) => {
    const deleted = await trx
      .deleteFrom('addresses')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning('is_default')
      .executeTakeFirst();
    if (!deleted) return false;
    if (deleted.is_default) {
      const next = await trx
        .selectFrom('addresses')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (next) {
        await trx
          .updateTable('addresses')
          .set({ is_default: dbBoolean(db, true) })
          .where('id', '=', next.id)
          .execute();
      }
    }
    return true;
  });
}

export async function setDefaultAddress(db: Db, userId: string, id: number): Promise<boolean> {
  return writeTransaction(db, async (trx) => {
    const target = await trx
      .selectFrom('addresses')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!target) return false;
    await trx
      .updateTable('addresses')
      .set((eb) => ({
        is_default: eb
          .case()
          .when('id', '=', id)
          .then(dbBoolean(db, true))
          .else(dbBoolean(db, false))
          .end(),
      }))
      .where('user_id', '=', userId)
      .execute();
    return true;
  });
}
