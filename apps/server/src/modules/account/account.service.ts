import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Profile, ProfileUpdate } from '@souq/contracts/account';
import { ADDRESS_BOOK_MAX, type Address, type AddressInput } from '@souq/contracts/addresses';
import { NotFoundError } from '../../http/errors';
import { checkImage, ImageRefusedError } from '../media/image-input';
import { photoRefusals, TooManyAddressesError } from './account.errors';
import type { AccountRepository } from './account.repository';

export interface AccountServiceDeps {
  repository: AccountRepository;
  /** Where profile photos are kept (shared storage when several app servers run). */
  uploadsDir: string;
}

/** A photo is shown small and round: 512 pixels is sharp at twice its largest size. */
const PHOTO_SIDE = 512;
const PHOTO_MIN_WIDTH = 16;

/** The photo's middle square, at most PHOTO_SIDE wide, as WebP; refused in the account's words. */
async function squarePhoto(bytes: Buffer): Promise<Buffer> {
  try {
    const image = await checkImage(bytes, { minWidth: PHOTO_MIN_WIDTH });
    const side = Math.min(PHOTO_SIDE, image.width, image.height);
    return (await image.toWebp({ width: side, height: side, fit: 'cover' })).bytes;
  } catch (error) {
    if (!(error instanceof ImageRefusedError)) throw error;
    throw photoRefusals[error.fault]();
  }
}

/** The signed-in shopper's profile, photo and address book. */
export function createAccountService({ repository, uploadsDir }: AccountServiceDeps) {
  async function getProfile(userId: string): Promise<Profile> {
    const profile = await repository.getProfile(userId);
    if (!profile) throw new NotFoundError('No such account.');
    return profile;
  }

  return {
    getProfile,

    async updateProfile(userId: string, update: ProfileUpdate): Promise<Profile> {
      await repository.updateProfileName(userId, update);
      return getProfile(userId);
    },

    /**
     * Checks the photo as back-office pictures are checked and stores a fresh WebP copy of it,
     * square and at most PHOTO_SIDE wide, under a new random name; drops the old one.
     */
    async replacePhoto(userId: string, bytes: Buffer): Promise<Profile> {
      const photo = await squarePhoto(bytes);
      const fileName = `${randomUUID()}.webp`;
      await fs.mkdir(uploadsDir, { recursive: true });
      await fs.writeFile(path.join(uploadsDir, fileName), photo);
      const replaced = await repository.replaceProfilePhoto(userId, {
        fileName,
        contentType: 'image/webp',
        byteSize: photo.length,
      });
      await Promise.all(
        replaced.map((name) => fs.rm(path.join(uploadsDir, name), { force: true })),
      );
      return getProfile(userId);
    },

    async readPhoto(fileName: string): Promise<{ contentType: string; bytes: Buffer }> {
      const contentType = await repository.getPhotoContentType(fileName);
      if (!contentType) throw new NotFoundError('No such photo.');
      return { contentType, bytes: await fs.readFile(path.join(uploadsDir, fileName)) };
    },

    listAddresses: (userId: string): Promise<Address[]> => repository.listAddresses(userId),

    async addAddress(userId: string, input: AddressInput): Promise<Address> {
      if ((await repository.countAddresses(userId)) >= ADDRESS_BOOK_MAX)
        throw new TooManyAddressesError(ADDRESS_BOOK_MAX);
      return repository.createAddress(userId, input);
    },

    async updateAddress(userId: string, id: number, input: AddressInput): Promise<Address> {
      const address = await repository.updateAddress(userId, id, input);
      if (!address) throw new NotFoundError('No such address.');
      return address;
    },

    async deleteAddress(userId: string, id: number) {
      if (!(await repository.deleteAddress(userId, id)))
        throw new NotFoundError('No such address.');
    },

    async setDefaultAddress(userId: string, id: number): Promise<Address[]> {
      if (!(await repository.setDefaultAddress(userId, id)))
        throw new NotFoundError('No such address.');
      return repository.listAddresses(userId);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
