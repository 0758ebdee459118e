import { randomBytes } from 'node:crypto';
import type { UploadedMedia } from '@souq/contracts/admin-catalog';
import { MEDIA_WIDTHS, mediaPath, mediaSrcSet, parseMediaPath } from '@souq/contracts/media';
import { AppError, NotFoundError } from '../../http/errors';
import { checkImage, ImageRefusedError, type ImageFault } from './image-input';
import type { MediaCopy, MediaRepository } from './media.repository';

/** Narrower than this is not a picture a shop shows (and a path names widths of 2 digits and up). */
const MIN_WIDTH = 16;

export class ImageNotSupportedError extends AppError {
  constructor(message = 'The file must be a JPEG, PNG or WebP picture.') {
    super(415, 'image_not_supported', message);
  }
}

export class ImageTooLargeError extends AppError {
  constructor(message: string) {
    super(413, 'image_too_large', message);
  }
}

const refusal: Record<ImageFault, () => AppError> = {
  not_image: () => new ImageNotSupportedError(),
  too_many_pixels: () => new ImageTooLargeError('The picture must be at most 50 megapixels.'),
  too_small: () => new ImageNotSupportedError('The picture is too small to show.'),
  damaged: () => new ImageNotSupportedError('The picture is damaged or incomplete.'),
};

export function createMediaService({ repository }: { repository: MediaRepository }) {
  /** The WebP copies of an upload, one per shown width up to its own. */
  async function webpCopies(bytes: Buffer): Promise<MediaCopy[]> {
    try {
      const image = await checkImage(bytes, { minWidth: MIN_WIDTH });
      const largest = Math.min(image.width, MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1] ?? image.width);
      const widths = [...MEDIA_WIDTHS.filter((w) => w < largest), largest];
      return await Promise.all(
        widths.map((width) => image.toWebp({ width, withoutEnlargement: true })),
      );
    } catch (error) {
      if (!(error instanceof ImageRefusedError)) throw error;
      throw refusal[error.fault]();
    }
  }

  return {
    /** Checks and stores an upload's copies; answers the largest one's path and the srcset. */
    async upload(bytes: Buffer): Promise<UploadedMedia> {
      const copies = await webpCopies(bytes);
      const key = randomBytes(16).toString('base64url');
      await repository.insertCopies(key, copies);
      const largest = copies[copies.length - 1];
      if (!largest) throw new Error('an upload yields at least one copy');
      const path = mediaPath(key, largest.width);
      return {
        path,
        srcSet: mediaSrcSet(path) ?? path,
        width: largest.width,
        height: largest.height,
      };
    },

    async read(key: string, width: number): Promise<Buffer> {
      const bytes = await repository.readCopy(key, width);
      if (!bytes) throw new NotFoundError('No such picture.');
      return bytes;
    },

    /** The /media/ paths among these that name a stored copy. */
    async existingPaths(paths: string[]): Promise<Set<string>> {
      const named = paths.flatMap((p) => {
        const media = parseMediaPath(p);
        return media ? [{ ...media, path: p }] : [];
      });
      const stored = await repository.existingCopies(named);
      return new Set(named.filter((m) => stored.has(`${m.key}/${m.width}`)).map((m) => m.path));
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
