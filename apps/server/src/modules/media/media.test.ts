import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedMediaSchema } from '@souq/contracts/admin-catalog';
import { MEDIA_UPLOAD_MAX_BYTES, MEDIA_WIDTHS } from '@souq/contracts/media';
import { apiError } from '../../test/auth-helpers';
import { multipartFile } from '../../test/multipart';
import { signUpTestStaff, type TestStaff } from '../../test/staff-helpers';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';

/** A picture of the given size, drawn with a gradient so it does not compress to nothing. */
function picture(width: number, height: number) {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } },
  }).composite([
    {
      input: Buffer.from(
        `<svg width="${width}" height="${height}"><circle cx="${width / 3}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#1f2a44"/></svg>`,
      ),
    },
  ]);
}

describe.each(testDialects)('pictures on %s', (dialect) => {
  let t: TestApp;
  let manager: TestStaff;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false });
    manager = await signUpTestStaff(t.app, t.db, 'manager');
  });
  afterAll(() => t.close());

  const upload = (fileName: string, contentType: string, bytes: Buffer) => {
    const body = multipartFile('file', fileName, contentType, bytes);
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/media',
      headers: { ...body.headers, cookie: manager.cookie },
      payload: body.payload,
    });
  };

  it('keeps WebP copies of a JPEG at each width below its own, and serves them immutably', async () => {
    const jpeg = await picture(1000, 600).jpeg().toBuffer();
    const res = await upload('photo.jpg', 'image/jpeg', jpeg);
    expect(res.statusCode).toBe(201);
    const media = uploadedMediaSchema.parse(res.json());
    expect(media).toMatchObject({ width: 1000, height: 600 });
    expect(media.path).toMatch(/^\/media\/[\w-]+\/1000\.webp$/);
    const base = media.path.replace('/1000.webp', '');
    expect(media.srcSet).toBe(
      `${base}/320.webp 320w, ${base}/640.webp 640w, ${base}/960.webp 960w, ${base}/1000.webp 1000w`,
    );
    for (const width of [320, 640, 960, 1000]) {
      const copy = await t.app.inject(`${base}/${width}.webp`);
      expect(copy.statusCode).toBe(200);
      expect(copy.headers['content-type']).toBe('image/webp');
      expect(copy.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(copy.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width });
      const again = await t.app.inject({
        url: `${base}/${width}.webp`,
        headers: { 'if-none-match': String(copy.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    }
    expect((await t.app.inject(`${base}/1280.webp`)).statusCode).toBe(404);
    expect((await t.app.inject('/media/unknownkey123/640.webp')).statusCode).toBe(404);
    expect((await t.app.inject('/media/x/y.png')).statusCode).toBe(404);
  });

  it('accepts PNG and WebP by their bytes, caps the largest copy and never enlarges', async () => {
    const png = await picture(2000, 1000).png().toBuffer();
    // The name and the header say JPEG; the bytes are a PNG, and the bytes decide.
    const big = uploadedMediaSchema.parse((await upload('a.jpg', 'image/jpeg', png)).json());
    expect(big).toMatchObject({ width: MEDIA_WIDTHS.at(-1), height: 640 });
    expect(big.srcSet.split(', ')).toHaveLength(MEDIA_WIDTHS.length);

    const webp = await picture(200, 100).webp().toBuffer();
    const small = uploadedMediaSchema.parse(
      (await upload('small.webp', 'image/webp', webp)).json(),
    );
    expect(small).toMatchObject({ width: 200, height: 100 });
    expect(small.srcSet).toBe(`${small.path} 200w`);
  });

  it('applies the EXIF orientation and keeps no metadata', async () => {
    // Stored 400×200, shown rotated a quarter turn: 200×400.
    const jpeg = await picture(400, 200)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Artist: 'Somebody Private' } } })
      .toBuffer();
    const media = uploadedMediaSchema.parse(
      (await upload('turned.jpg', 'image/jpeg', jpeg)).json(),
    );
    expect(media).toMatchObject({ width: 200, height: 400 });
    const copy = await t.app.inject(media.path);
    const meta = await sharp(copy.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(copy.rawPayload.includes(Buffer.from('Somebody Private'))).toBe(false);
  });

  it('refuses what is not a JPEG, PNG or WebP, whatever it is called', async () => {
    const text = await upload('cat.png', 'image/png', Buffer.from('not a picture at all'));
    expect(text.statusCode).toBe(415);
    expect(apiError(text).code).toBe('image_not_supported');

    const jpeg = await picture(800, 600).jpeg().toBuffer();
    const truncated = await upload('cut.jpg', 'image/jpeg', jpeg.subarray(0, jpeg.length / 2));
    expect(truncated.statusCode).toBe(415);
    expect(apiError(truncated).code).toBe('image_not_supported');

    const gif = await picture(50, 50).gif().toBuffer();
    const other = await upload('a.webp', 'image/webp', gif);
    expect(other.statusCode).toBe(415);
  });

  it('refuses a file over the size limit and a picture of too many pixels', async () => {
    const huge = Buffer.alloc(MEDIA_UPLOAD_MAX_BYTES + 1, 0xff);
    const res = await upload('huge.jpg', 'image/jpeg', huge);
    expect(res.statusCode).toBe(413);
    expect(apiError(res).code).toBe('image_too_large');

    // A small file whose header claims 100 megapixels: refused before anything is decoded.
    const bomb = await picture(16, 16).png().toBuffer();
    bomb.writeUInt32BE(10_000, 16);
    bomb.writeUInt32BE(10_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    const refused = await upload('bomb.png', 'image/png', bomb);
    expect(refused.statusCode).toBe(413);
    expect(apiError(refused).code).toBe('image_too_large');
  });

  it('answers a clear error for a body that is not a multipart upload', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media',
      headers: { cookie: manager.cookie },
      payload: { file: 'x' },
    });
    expect(res.statusCode).toBe(415);
    expect(apiError(res).code).toBe('unsupported_media_type');
  });
});
