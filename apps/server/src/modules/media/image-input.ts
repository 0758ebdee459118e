import sharp, { type ResizeOptions } from 'sharp';

/**
 * The checks every uploaded picture goes through (back-office media and profile photos): what the
 * bytes are, read by sharp (never the name or the header the client sent); how many pixels they
 * decode to, seen before anything is decoded; and whether they decode at all. What is kept is
 * always a fresh WebP encoding, so nothing the client appended or hid in metadata is served.
 */

/**
 * The most pixels an upload may decode to: a small file that claims a huge canvas (a
 * decompression bomb) is refused before it is decoded. 50 megapixels holds any camera's photo.
 */
export const IMAGE_MAX_INPUT_PIXELS = 50_000_000;
const WEBP_QUALITY = 80;

/** The formats accepted, by what sharp reads from the bytes. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/** Why a picture was refused; each caller answers it in its own words and codes. */
export type ImageFault = 'not_image' | 'too_many_pixels' | 'too_small' | 'damaged';

export class ImageRefusedError extends Error {
  constructor(readonly fault: ImageFault) {
    super(`image refused: ${fault}`);
  }
}

/** A picture whose header was read and passed the checks; its pixels are decoded on encoding. */
export interface CheckedImage {
  /** As shown, after the EXIF rotation. */
  width: number;
  height: number;
  /** A WebP copy resized as asked, EXIF orientation applied and metadata left behind. */
  toWebp(resize: ResizeOptions): Promise<{ width: number; height: number; bytes: Buffer }>;
}

export async function checkImage(bytes: Buffer, { minWidth }: { minWidth: number }) {
  let format: string | undefined;
  let width: number;
  let height: number;
  try {
    // The header only: nothing is decoded yet, so a bomb's claimed size is seen first.
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    format = meta.format;
    width = meta.autoOrient.width;
    height = meta.autoOrient.height;
  } catch {
    throw new ImageRefusedError('not_image');
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new ImageRefusedError('not_image');
  if (width * height > IMAGE_MAX_INPUT_PIXELS) throw new ImageRefusedError('too_many_pixels');
  if (width < minWidth) throw new ImageRefusedError('too_small');
  const image: CheckedImage = {
    width,
    height,
    async toWebp(resize) {
      try {
        // failOn 'warning': a cut-off or corrupt file is refused rather than shown half grey.
        const { data, info } = await sharp(bytes, {
          limitInputPixels: IMAGE_MAX_INPUT_PIXELS,
          failOn: 'warning',
        })
          .rotate()
          .resize(resize)
          .webp({ quality: WEBP_QUALITY })
          .toBuffer({ resolveWithObject: true });
        return { width: info.width, height: info.height, bytes: data };
      } catch {
        throw new ImageRefusedError('damaged');
      }
    },
  };
  return image;
}
