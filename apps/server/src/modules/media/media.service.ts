import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { UploadedMedia } from '@souq/contracts/admin-catalog';
import { MEDIA_WIDTHS, mediaPath, mediaSrcSet, parseMediaPath } from '@souq/contracts/media';
import { AppError, NotFoundError } from '../../http/errors';
import type { MediaCopy, MediaRepository } from './media.repository';

/**
 * The most pixels an upload may decode to: a small file that claims a huge canvas (a
 * decompression bomb) is refused before it is decoded. 50 megapixels holds any camera's photo.
 */
export const MEDIA_MAX_INPUT_PIXELS = 50_000_000;
/** Narrower than this is not a picture a shop shows (and a path names widths of 2 digits and up). */
const MIN_WIDTH = 16;
const WEBP_QUALITY = 80;

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

/** The formats accepted, by what sharp reads from the bytes (never the name or the header). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

export function createMediaService({ repository }: { repository: MediaRepository }) {
  /** The WebP copies of an upload: EXIF orientation applied, metadata left behind. */
  async function webpCopies(bytes: Buffer): Promise<MediaCopy[]> {
    const input = () =>
      sharp(bytes, { limitInputPixels: MEDIA_MAX_INPUT_PIXELS, failOn: 'warning' });
    let format: string | undefined;
    let width: number;
    let height: number;
    try {
      // The header only: nothing is decoded yet, so a bomb's claimed size is seen first.
      const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
      format = meta.format;
      // autoOrient: the width and height as shown, after the EXIF rotation.
      width = meta.autoOrient.width;
      height = meta.autoOrient.height;
    } catch {
      throw new ImageNotSupportedError();
    }
    if (!format || !ACCEPTED_FORMATS.has(format)) throw new ImageNotSupportedError();
    if (width * height > MEDIA_MAX_INPUT_PIXELS)
      throw new ImageTooLargeError('The picture must be at most 50 megapixels.');
    if (width < MIN_WIDTH) throw new ImageNotSupportedError('The picture is too small to show.');
    const largest = Math.min(width, MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1] ?? width);
    const widths = [...MEDIA_WIDTHS.filter((w) => w < largest), largest];
    try {
      return await Promise.all(
        widths.map(async (w) => {
          const { data, info } = await input()
            .rotate()
            .resize({ width: w, withoutEnlargement: true })
            .webp({ quality: WEBP_QUALITY })
            .toBuffer({ resolveWithObject: true });
          return { width: info.width, height: info.height, bytes: data };
        }),
      );
    } catch {
      // A file whose header reads but whose pixels do not (cut off, corrupt).
      throw new ImageNotSupportedError('The picture is damaged or incomplete.');
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
