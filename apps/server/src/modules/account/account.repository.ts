import type { Profile, ProfileUpdate } from '@souq/contracts/account';
import type { Address, AddressInput } from '@souq/contracts/addresses';
import { writeTransaction, type Db } from '../../db/connection';
import type { AddressTable } from '../../db/schema';

/** The account's SQL: profile, photo records and address book. */
export function createAccountRepository(db: Db) {
  return {
    getProfile: (userId: string) => getProfile(db, userId),
    updateProfileName: (userId: string, update: ProfileUpdate) =>
      updateProfileName(db, userId, update),
    replaceProfilePhoto: (userId: string, photo: StoredPhoto) =>
      replaceProfilePhoto(db, userId, photo),
    getPhotoContentType: (fileName: string) => getPhotoContentType(db, fileName),
    listAddresses: (userId: string) => listAddresses(db, userId),
    countAddresses: (userId: string) => countAddresses(db, userId),
    createAddress: (userId: string, input: AddressInput) => createAddress(db, userId, input),
    updateAddress: (userId: string, id: number, input: AddressInput) =>
      updateAddress(db, userId, id, input),
    deleteAddress: (userId: string, id: number) => deleteAddress(db, userId, id),
    setDefaultAddress: (userId: string, id: number) => setDefaultAddress(db, userId, id),
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;

export interface StoredPhoto {
  fileName: string;
  contentType: string;
  byteSize: number;
}

export const PHOTO_URL_PREFIX = '/api/account/photos/';

async function getProfile(db: Db, userId: string): Promise<Profile | null> {
  const row = await db.kysely
    .selectFrom('users')
    .select(['id', 'email', 'name', 'first_name', 'last_name', 'image'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    // Sign-up asks for one name; until the shopper edits it, its first word is the first name.
    firstName: row.first_name ?? firstWord(row.name),
    lastName: row.last_name ?? afterFirstWord(row.name),
    image: row.image,
  };
}

function firstWord(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

function afterFirstWord(name: string): string {
  return name.trim().split(/\s+/).slice(1).join(' ');
}

async function updateProfileName(db: Db, userId: string, update: ProfileUpdate) {
  await db.kysely
    .updateTable('users')
    .set({
      first_name: update.firstName,
      last_name: update.lastName,
      name: [update.firstName, update.lastName].filter(Boolean).join(' '),
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', userId)
    .execute();
}

/** Records the new photo, points the profile at it and returns the files it replaced. */
async function replaceProfilePhoto(db: Db, userId: string, photo: StoredPhoto): Promise<string[]> {
  return writeTransaction(db, async (trx) => {
    const previous = await trx
      .deleteFrom('profile_photos')
      .where('user_id', '=', userId)
      .returning('file_name')
      .execute();
    await trx
      .insertInto('profile_photos')
      .values({
        file_name: photo.fileName,
        user_id: userId,
        content_type: photo.contentType,
        byte_size: photo.byteSize,
      })
      .execute();
    await trx
      .updateTable('users')
      .set({ image: `${PHOTO_URL_PREFIX}${photo.fileName}`, updated_at: new Date().toISOString() })
      .where('id', '=', userId)
      .execute();
    return previous.map((p) => p.file_name);
  });
}

async function getPhotoContentType(db: Db, fileName: string): Promise<string | null> {
  const row = await db.kysely
    .selectFrom('profile_photos')
    .select('content_type')
    .where('file_name', '=', fileName)
    .executeTakeFirst();
  return row?.content_type ?? null;
}

type AddressRow = Pick<
  AddressTable,
  | 'first_name'
  | 'last_name'
  | 'company_name'
  | 'street_address'
  | 'apartment'
  | 'city'
  | 'region'
  | 'postal_code'
  | 'country'
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
    region: row.region,
    postalCode: row.postal_code,
    country: row.country,
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
    region: input.region,
    postal_code: input.postalCode,
    country: input.country,
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
  'region',
  'postal_code',
  'country',
  'phone',
  'email',
  'is_default',
] as const;

/** SQLite keeps booleans as 0/1; PostgreSQL as booleans. */
function dbBoolean(db: Db, value: boolean): boolean | number {
  return db.dialect === 'postgres' ? value : value ? 1 : 0;
}

async function listAddresses(db: Db, userId: string): Promise<Address[]> {
  const rows = await db.kysely
    .selectFrom('addresses')
    .select(columns)
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toAddress);
}

async function countAddresses(db: Db, userId: string): Promise<number> {
  const row = await db.kysely
    .selectFrom('addresses')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.count;
}

/** The shopper's first address becomes the default. */
async function createAddress(db: Db, userId: string, input: AddressInput): Promise<Address> {
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
async function updateAddress(
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
async function deleteAddress(db: Db, userId: string, id: number): Promise<boolean> {
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

async function setDefaultAddress(db: Db, userId: string, id: number): Promise<boolean> {
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
