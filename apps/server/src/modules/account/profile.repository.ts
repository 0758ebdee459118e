import type { Profile, ProfileUpdate } from '@souq/contracts/account';
import { writeTransaction, type Db } from '../../db/connection';

export const PHOTO_URL_PREFIX = '/api/account/photos/';

export async function getProfile(db: Db, userId: string): Promise<Profile | null> {
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

export async function updateProfileName(db: Db, userId: string, update: ProfileUpdate) {
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
export async function replaceProfilePhoto(
  db: Db,
  userId: string,
  photo: { fileName: string; contentType: string; byteSize: number },
): Promise<string[]> {
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

export async function getPhotoContentType(db: Db, fileName: string): Promise<string | null> {
  const row = await db.kysely
    .selectFrom('profile_photos')
    .select('content_type')
    .where('file_name', '=', fileName)
    .executeTakeFirst();
  return row?.content_type ?? null;
}
