/*
 * Pictures the back office uploads. The server checks each file by its content (JPEG, PNG or
 * WebP) and keeps WebP copies: one at each of MEDIA_WIDTHS narrower than the original, and the
 * largest at the original's width capped at the last of MEDIA_WIDTHS (never enlarged). A
 * picture's path names its largest copy, `/media/<key>/<width>.webp`; the others sit beside it.
 */

/** Widths of the WebP copies kept of an uploaded picture, smallest first. */
export const MEDIA_WIDTHS = [320, 640, 960, 1280] as const;

/** The largest upload accepted, in bytes. */
export const MEDIA_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** The upload's MIME types the server accepts; the content decides, not the name or the header. */
export const mediaUploadTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

const mediaPathPattern = /^\/media\/([A-Za-z0-9_-]{8,64})\/(\d{2,4})\.webp$/;

/** The key and width a media path names, or null for any other picture (the shop's own /images/). */
export function parseMediaPath(path: string): { key: string; width: number } | null {
  const [, key, width] = mediaPathPattern.exec(path) ?? [];
  if (key === undefined || width === undefined) return null;
  return { key, width: Number(width) };
}

export function mediaPath(key: string, width: number): string {
  return `/media/${key}/${width}.webp`;
}

/**
 * The `srcset` of an uploaded picture: every copy kept of it. Undefined for the shop's own
 * pictures, which are drawn (SVG) and need none.
 */
export function mediaSrcSet(path: string): string | undefined {
  const media = parseMediaPath(path);
  if (!media) return undefined;
  const widths = [...MEDIA_WIDTHS.filter((w) => w < media.width), media.width];
  return widths.map((w) => `${mediaPath(media.key, w)} ${w}w`).join(', ');
}
