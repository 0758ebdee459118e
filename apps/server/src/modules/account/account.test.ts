import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { profileSchema } from '@souq/contracts/account';
import { addressListSchema, addressSchema, type AddressInput } from '@souq/contracts/addresses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiError,
  SAME_ORIGIN,
  sessionUser,
  signUpTestUser,
  type TestUser,
} from '../../test/auth-helpers';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';

const images = path.join(import.meta.dirname, '../../test/images');
const image = (name: string) => fs.readFileSync(path.join(images, name));
const profileOf = (r: { json: () => unknown }) => profileSchema.parse(r.json());
const addressOf = (r: { json: () => unknown }) => addressSchema.parse(r.json());
const addressesOf = (r: { json: () => unknown }) => addressListSchema.parse(r.json()).items;

function multipart(fileName: string, contentType: string, bytes: Buffer) {
  const boundary = 'souqtestboundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const home: AddressInput = {
  firstName: 'Amina',
  lastName: 'Haddad',
  companyName: '',
  streetAddress: '12 Souq Street',
  apartment: 'Floor 3',
  city: 'Amman',
  region: '',
  postalCode: '',
  country: 'JO',
  phone: '+962 6 555 0101',
  email: 'amina@example.com',
};

describe.each(testDialects)('the account API (%s)', (dialect) => {
  let t: TestApp;
  let amina: TestUser;
  let omar: TestUser;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false });
    amina = await signUpTestUser(t.app, { name: 'Amina Haddad' });
    omar = await signUpTestUser(t.app, { name: 'Omar' });
  });
  afterAll(() => t.close());

  const call = (
    user: TestUser | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { origin: SAME_ORIGIN, ...(user ? { cookie: user.cookie } : {}) },
      ...(payload ? { payload } : {}),
    });
  const upload = (user: TestUser, file: { payload: Buffer; contentType: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/photo',
      headers: { origin: SAME_ORIGIN, cookie: user.cookie, 'content-type': file.contentType },
      payload: file.payload,
    });

  it('answers visitors with 401 and no data', async () => {
    for (const url of ['/api/account/profile', '/api/account/addresses']) {
      const response = await call(null, 'GET', url);
      expect(response.statusCode).toBe(401);
      expect(apiError(response).code).toBe('unauthenticated');
    }
    expect((await call(null, 'GET', '/api/account/session')).json()).toEqual({ user: null });
  });

  it('shows and edits the profile name, keeping the email', async () => {
    const profile = await call(amina, 'GET', '/api/account/profile');
    expect(profile.json()).toMatchObject({
      email: amina.email,
      name: 'Amina Haddad',
      // the one name from sign-up, split at its first space until edited
      firstName: 'Amina',
      lastName: 'Haddad',
      image: null,
    });
    const updated = await call(amina, 'PUT', '/api/account/profile', {
      firstName: ' Amina ',
      lastName: 'Al-Haddad',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      firstName: 'Amina',
      lastName: 'Al-Haddad',
      name: 'Amina Al-Haddad',
      email: amina.email,
    });
    expect(sessionUser(await call(amina, 'GET', '/api/account/session'))?.name).toBe(
      'Amina Al-Haddad',
    );
    const empty = await call(amina, 'PUT', '/api/account/profile', { firstName: '', lastName: '' });
    expect(empty.statusCode).toBe(400);
    expect(apiError(empty).fields?.firstName).toBeDefined();
  });

  it.each(['avatar.jpg', 'avatar.png', 'avatar.webp'])(
    'stores a %s photo under its own name, as a fresh WebP',
    async (file) => {
      const bytes = image(file);
      const response = await upload(amina, multipart('me.bin', 'application/octet-stream', bytes));
      expect(response.statusCode).toBe(200);
      const url = String(profileOf(response).image);
      expect(url).toMatch(/^\/api\/account\/photos\/[0-9a-f-]{36}\.webp$/);
      expect(url).not.toContain('me.bin');
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(bytes)).toBe(false);
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 64,
        height: 64,
      });
    },
  );

  it('keeps a square photo of at most 512 pixels, cut from the middle of a large one', async () => {
    const wide = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: { r: 20, g: 120, b: 60 } },
    })
      .jpeg()
      .toBuffer();
    const response = await upload(omar, multipart('wide.jpg', 'image/jpeg', wide));
    expect(response.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: String(profileOf(response).image) });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 512,
      height: 512,
    });
  });

  it('serves none of what was appended to a photo', async () => {
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const response = await upload(
      amina,
      multipart('me.jpg', 'image/jpeg', Buffer.concat([image('avatar.jpg'), html])),
    );
    expect(response.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: String(profileOf(response).image) });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
  });

  it('refuses a cut-off photo and one claiming too many pixels, keeping the photo', async () => {
    const before = profileOf(await call(amina, 'GET', '/api/account/profile')).image;
    const jpeg = await sharp({
      create: { width: 400, height: 400, channels: 3, background: { r: 200, g: 80, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    const truncated = await upload(
      amina,
      multipart('cut.jpg', 'image/jpeg', jpeg.subarray(0, jpeg.length / 2)),
    );
    expect(truncated.statusCode).toBe(400);
    expect(apiError(truncated).code).toBe('photo_damaged');
    expect(apiError(truncated).message).toMatch(/damaged or incomplete/);

    // A small PNG whose header claims 100,000 × 100,000 pixels.
    const bomb = image('avatar.png');
    bomb.writeUInt32BE(100_000, 16);
    bomb.writeUInt32BE(100_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    const huge = await upload(amina, multipart('bomb.png', 'image/png', bomb));
    expect(huge.statusCode).toBe(400);
    expect(apiError(huge).code).toBe('photo_too_many_pixels');
    expect(apiError(huge).message).toMatch(/50 megapixels/);
    expect(profileOf(await call(amina, 'GET', '/api/account/profile')).image).toBe(before);
  });

  it('keeps only the newest photo', async () => {
    const first = profileOf(
      await upload(omar, multipart('a.png', 'image/png', image('avatar.png'))),
    );
    const second = profileOf(
      await upload(omar, multipart('b.png', 'image/png', image('avatar.png'))),
    );
    expect(second.image).not.toBe(first.image);
    expect((await t.app.inject({ method: 'GET', url: String(first.image) })).statusCode).toBe(404);
    expect(fs.readdirSync(path.join(t.dataDir, 'uploads'))).toHaveLength(
      // amina's last photo and omar's newest
      2,
    );
  });

  it('refuses a file that is not an image, even named .png with an image type', async () => {
    const text = await upload(amina, multipart('notes.txt', 'text/plain', Buffer.from('hello')));
    expect(text.statusCode).toBe(415);
    expect(apiError(text).code).toBe('photo_not_image');
    const disguised = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const renamed = await upload(amina, multipart('photo.png', 'image/png', disguised));
    expect(renamed.statusCode).toBe(415);
    expect(apiError(renamed).message).toMatch(/JPEG, PNG or WebP/);
  });

  it('refuses a photo over 2 MB', async () => {
    const big = Buffer.concat([image('avatar.jpg'), Buffer.alloc(2 * 1024 * 1024)]);
    const response = await upload(amina, multipart('big.jpg', 'image/jpeg', big));
    expect(response.statusCode).toBe(413);
    expect(apiError(response).code).toBe('photo_too_large');
  });

  it('refuses an upload that is not a form with a file', async () => {
    const response = await call(amina, 'POST', '/api/account/photo', { photo: 'x' });
    expect(response.statusCode).toBe(415);
  });

  it.each([
    [
      'without a boundary',
      'multipart/form-data',
      multipart('a.png', 'image/png', image('avatar.png')).payload,
    ],
    [
      'with the wrong boundary',
      'multipart/form-data; boundary=notthesameone',
      multipart('a.png', 'image/png', image('avatar.png')).payload,
    ],
    [
      'cut off halfway',
      multipart('a.png', 'image/png', image('avatar.png')).contentType,
      multipart('a.png', 'image/png', image('avatar.png')).payload.subarray(0, 300),
    ],
  ])(
    'answers a malformed upload %s with 400, keeping the photo',
    async (_, contentType, payload) => {
      const before = profileOf(await call(amina, 'GET', '/api/account/profile')).image;
      const response = await upload(amina, { contentType, payload });
      expect(response.statusCode).toBe(400);
      expect(apiError(response).code).toBe('invalid_multipart');
      expect(profileOf(await call(amina, 'GET', '/api/account/profile')).image).toBe(before);
    },
  );

  it('keeps an address book: add, edit, choose the default, delete', async () => {
    const created = await call(amina, 'POST', '/api/account/addresses', home);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ...home, isDefault: true });
    const work = await call(amina, 'POST', '/api/account/addresses', {
      ...home,
      streetAddress: '1 Office Park',
      companyName: 'Souq Ltd',
    });
    expect(addressOf(work).isDefault).toBe(false);

    const edited = await call(amina, 'PUT', `/api/account/addresses/${addressOf(work).id}`, {
      ...home,
      streetAddress: '2 Office Park',
    });
    expect(addressOf(edited).streetAddress).toBe('2 Office Park');

    const chosen = await call(
      amina,
      'POST',
      `/api/account/addresses/${addressOf(work).id}/default`,
    );
    expect(chosen.statusCode).toBe(200);
    expect(addressesOf(chosen).map((a) => a.isDefault)).toEqual([true, false]);
    expect(addressesOf(chosen)[0]?.id).toBe(addressOf(work).id);

    const removed = await call(amina, 'DELETE', `/api/account/addresses/${addressOf(work).id}`);
    expect(removed.statusCode).toBe(204);
    const list = addressesOf(await call(amina, 'GET', '/api/account/addresses'));
    expect(list).toEqual([{ ...created.json(), isDefault: true }]);
  });

  it('validates addresses with the checkout contract', async () => {
    const response = await call(amina, 'POST', '/api/account/addresses', {
      ...home,
      phone: 'call me',
      city: '',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(apiError(response).fields ?? {})).toEqual(
      expect.arrayContaining(['phone', 'city']),
    );
  });

  it("never shows or changes another shopper's address: it is a 404 to them", async () => {
    const mine = addressOf(await call(amina, 'POST', '/api/account/addresses', home));
    expect(addressesOf(await call(omar, 'GET', '/api/account/addresses'))).toEqual([]);
    const id = String(mine.id);
    expect((await call(omar, 'PUT', `/api/account/addresses/${id}`, home)).statusCode).toBe(404);
    expect((await call(omar, 'POST', `/api/account/addresses/${id}/default`)).statusCode).toBe(404);
    expect((await call(omar, 'DELETE', `/api/account/addresses/${id}`)).statusCode).toBe(404);
    const still = addressesOf(await call(amina, 'GET', '/api/account/addresses'));
    expect(still.find((a) => a.id === mine.id)).toMatchObject({
      streetAddress: home.streetAddress,
    });
  });
});
