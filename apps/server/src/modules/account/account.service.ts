import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Profile, ProfileUpdate } from '@souq/contracts/account';
import { ADDRESS_BOOK_MAX, type Address, type AddressInput } from '@souq/contracts/addresses';
import { NotFoundError } from '../../http/errors';
import { PhotoNotImageError, TooManyAddressesError } from './account.errors';
import type { AccountRepository } from './account.repository';
import { detectPhotoType } from './photo-type';

export interface AccountServiceDeps {
  repository: AccountRepository;
  /** Where profile photos are kept (shared storage when several app servers run). */
  uploadsDir: string;
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

    /** Stores the photo under a new random name, by what its bytes are, and drops the old one. */
    async replacePhoto(userId: string, bytes: Buffer): Promise<Profile> {
      const type = detectPhotoType(bytes);
      if (!type) throw new PhotoNotImageError();
      const fileName = `${randomUUID()}.${type.extension}`;
      await fs.mkdir(uploadsDir, { recursive: true });
      await fs.writeFile(path.join(uploadsDir, fileName), bytes);
      const replaced = await repository.replaceProfilePhoto(userId, {
        fileName,
        contentType: type.contentType,
        byteSize: bytes.length,
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
