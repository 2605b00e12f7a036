import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadBytesMax } from '../../../shared/constants';
import { schema } from '../../db/client';
import { createTestApp, onePixelPng, registerCustomer, signInStaff, testPublicUrl, type TestApp } from '../../test-support/test-app';
import { anonymousUploadLifetimeMs, sweepUnclaimedUploads, unclaimedUploadLifetimeMs } from './images.service';

/** Small real images of the four accepted types. */
const samples = {
  png: onePixelPng,
  jpeg: Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  ),
  webp: Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
  gif: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
};

/** A PNG whose bytes (and so whose stored file) no other test shares. */
const uniquePng = () => Buffer.concat([onePixelPng, randomBytes(16)]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

type Part = { name: string; value: string } | { name: string; fileName: string; contentType: string; bytes: Buffer };

/** A multipart/form-data body from any parts, so tests can send what a careless or hostile client would. */
function multipartBody(parts: Part[]) {
  const boundary = `----images-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: ${part.contentType}\r\n\r\n`));
      chunks.push(part.bytes, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const imagePart = (bytes: Buffer, fileName = 'photo.png', contentType = 'image/png'): Part => ({ name: 'image', fileName, contentType, bytes });

/** Each call comes from its own client address, so the upload throttle of one test never blocks another. */
let addressCounter = 0;
const nextAddress = () => `203.0.113.${(addressCounter += 1)}`;

type UploadOptions = { cookie?: string; remoteAddress?: string };

function postImage(harness: TestApp, parts: Part[], options: UploadOptions = {}) {
  const { payload, contentType } = multipartBody(parts);
  return harness.app.inject({
    method: 'POST',
    url: '/api/images',
    payload,
    remoteAddress: options.remoteAddress ?? nextAddress(),
    headers: { 'content-type': contentType, origin: testPublicUrl, ...(options.cookie ? { cookie: options.cookie } : {}) },
  });
}

function getImage(harness: TestApp, url: string, cookie?: string) {
  return harness.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

async function uploadRows(harness: TestApp) {
  return harness.database.db.select().from(schema.upload);
}

/** The stored files (temporary files included), to prove a refused upload wrote nothing. */
function storedFiles(harness: TestApp): string[] {
  const directory = path.join(harness.dataDir, 'uploads');
  return fs.existsSync(directory) ? fs.readdirSync(directory).sort() : [];
}

describe('POST /api/images and GET /api/images/:id', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(async () => harness.close());

  it('stores an avatar and serves its bytes back with its type', async () => {
    const bytes = uniquePng();
    const response = await postImage(harness, [imagePart(bytes)]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ success: true, status: 200, data: { url: expect.stringMatching(/^\/api\/images\/[0-9a-f-]{36}$/), id: expect.any(String) } });
    expect(body.data.url).toBe(`/api/images/${body.data.id}`);

    const [row] = await harness.database.db.select().from(schema.upload).where(eq(schema.upload.id, body.data.id));
    expect(row).toMatchObject({ purpose: 'avatar', mimeType: 'image/png', sizeBytes: bytes.length, contentHash: sha256(bytes), ownerUserId: null, claimedAt: null });
    expect(fs.readFileSync(path.join(harness.dataDir, 'uploads', sha256(bytes)))).toEqual(bytes);

    const served = await getImage(harness, body.data.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload).toEqual(bytes);
  });

  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['webp', 'image/webp'],
    ['gif', 'image/gif'],
  ] as const)('recognises a %s by its first bytes, whatever the name and declared type say', async (kind, mimeType) => {
    // Declared as text under a .bin name: only the bytes count.
    const response = await postImage(harness, [imagePart(samples[kind], `upload-${kind}.bin`, 'text/plain')]);
    expect(response.statusCode, response.body).toBe(200);
    const served = await getImage(harness, response.json().data.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(mimeType);
    expect(served.rawPayload).toEqual(samples[kind]);
  });

  it('stores a photo uploaded twice once, under two ids', async () => {
    const bytes = uniquePng();
    const first = (await postImage(harness, [imagePart(bytes)])).json().data.id;
    const second = (await postImage(harness, [imagePart(bytes)])).json().data.id;
    expect(second).not.toBe(first);
    expect(storedFiles(harness).filter((name) => name === sha256(bytes))).toHaveLength(1);
    expect((await getImage(harness, `/api/images/${second}`)).rawPayload).toEqual(bytes);
  });

  it.each<[string, () => Part[] | { payload: string; contentType: string }, string, RegExp]>([
    ['a text file named .png', () => [imagePart(Buffer.from('just some text, not a picture'), 'photo.png', 'image/png')], 'image', /PNG, JPEG, WebP or GIF/],
    ['an SVG', () => [imagePart(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg', 'image/svg+xml')], 'image', /PNG, JPEG, WebP or GIF/],
    ['a PDF', () => [imagePart(Buffer.from('%PDF-1.7\n%âãÏÓ\n'), 'passport.pdf', 'application/pdf')], 'image', /PNG, JPEG, WebP or GIF/],
    ['an empty file', () => [imagePart(Buffer.alloc(0))], 'image', /Choose an image/],
    ['no image field at all', () => [{ name: 'purpose', value: 'avatar' }], 'image', /Profile Photo is required/],
    ['the file under another field name', () => [{ name: 'photo', fileName: 'photo.png', contentType: 'image/png', bytes: onePixelPng }], 'image', /Profile Photo is required/],
    ['the image as a text field', () => [{ name: 'image', value: onePixelPng.toString('base64') }], 'image', /Profile Photo is required/],
    ['an unknown purpose', () => [{ name: 'purpose', value: 'banner' }, imagePart(onePixelPng)], 'purpose', /avatar or document/],
    ['a JSON body', () => ({ payload: JSON.stringify({ image: onePixelPng.toString('base64') }), contentType: 'application/json' }), 'image', /.+/],
    ['a plain-text body', () => ({ payload: 'image=photo.png', contentType: 'text/plain' }), 'image', /.+/],
  ])('refuses %s with 400 naming the field, and writes nothing', async (_label, build, field, message) => {
    const rowsBefore = (await uploadRows(harness)).length;
    const filesBefore = storedFiles(harness);
    const request = build();
    const response = Array.isArray(request)
      ? await postImage(harness, request)
      : await harness.app.inject({ method: 'POST', url: '/api/images', payload: request.payload, remoteAddress: nextAddress(), headers: { 'content-type': request.contentType } });
    expect(response.statusCode, response.body).toBe(400);
    const { error } = response.json();
    expect(error.code).toEqual(expect.any(String));
    expect(error.message).toEqual(expect.any(String));
    expect(error.fields[field]).toMatch(message);
    expect((await uploadRows(harness)).length).toBe(rowsBefore);
    expect(storedFiles(harness)).toEqual(filesBefore);
  });

  it('refuses a file over 5 MB with 400, not 413 or 500, and writes nothing', async () => {
    const rowsBefore = (await uploadRows(harness)).length;
    const filesBefore = storedFiles(harness);
    const oversized = Buffer.concat([onePixelPng, Buffer.alloc(uploadBytesMax + 1 - onePixelPng.length, 7)]);
    expect(oversized.length).toBe(uploadBytesMax + 1);
    const response = await postImage(harness, [imagePart(oversized)]);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'image_too_large', fields: { image: 'The image must be at most 5 MB' } });
    expect((await uploadRows(harness)).length).toBe(rowsBefore);
    expect(storedFiles(harness)).toEqual(filesBefore);
  });

  it('accepts an image of exactly 5 MB', async () => {
    const largest = Buffer.concat([onePixelPng, randomBytes(uploadBytesMax - onePixelPng.length)]);
    const response = await postImage(harness, [imagePart(largest)]);
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await harness.database.db.select().from(schema.upload).where(eq(schema.upload.id, response.json().data.id));
    expect(row?.sizeBytes).toBe(uploadBytesMax);
  });

  const truncatedBody = `--abc\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${onePixelPng.toString('latin1')}`;
  const manyFields = `${Array.from({ length: 8 }, (_, index) => `--abc\r\nContent-Disposition: form-data; name="f${index}"\r\n\r\nv\r\n`).join('')}--abc--\r\n`;

  it.each<[string, () => { payload: string | Buffer; contentType: string }]>([
    ['a second file', () => multipartBody([imagePart(uniquePng()), { name: 'other', fileName: 'b.png', contentType: 'image/png', bytes: uniquePng() }])],
    ['too many fields', () => ({ payload: manyFields, contentType: 'multipart/form-data; boundary=abc' })],
    ['a truncated body', () => ({ payload: truncatedBody, contentType: 'multipart/form-data; boundary=abc' })],
    ['a body that is not multipart at all', () => ({ payload: 'hello world', contentType: 'multipart/form-data; boundary=abc' })],
    ['a multipart type without a boundary', () => ({ payload: 'hello world', contentType: 'multipart/form-data' })],
  ])('refuses %s with 400, not 413 or 500, and writes nothing', async (_label, build) => {
    const rowsBefore = (await uploadRows(harness)).length;
    const filesBefore = storedFiles(harness);
    const { payload, contentType } = build();
    const response = await harness.app.inject({ method: 'POST', url: '/api/images', payload, remoteAddress: nextAddress(), headers: { 'content-type': contentType } });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'invalid_input', fields: { image: expect.stringContaining('"image"') } });
    expect((await uploadRows(harness)).length).toBe(rowsBefore);
    expect(storedFiles(harness)).toEqual(filesBefore);
  });

  it('answers a raw image body (not a form) with 415 in the one error shape', async () => {
    const response = await harness.app.inject({ method: 'POST', url: '/api/images', payload: onePixelPng, remoteAddress: nextAddress(), headers: { 'content-type': 'image/png' } });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toEqual({ code: 'fst_err_ctp_invalid_media_type', message: 'This content type is not accepted here' });
  });

  it('answers 401 to a document upload without a session, and writes nothing', async () => {
    const rowsBefore = (await uploadRows(harness)).length;
    const filesBefore = storedFiles(harness);
    const response = await postImage(harness, [{ name: 'purpose', value: 'document' }, imagePart(uniquePng())]);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
    expect((await uploadRows(harness)).length).toBe(rowsBefore);
    expect(storedFiles(harness)).toEqual(filesBefore);
  });

  it('shows a document to its owner and to staff only; to anyone else it looks like a missing image', async () => {
    const owner = await registerCustomer(harness.app);
    const stranger = await registerCustomer(harness.app);
    const staff = await signInStaff(harness.app);
    const bytes = uniquePng();
    // The purpose may come after the file: the order of the fields does not matter.
    const upload = await postImage(harness, [imagePart(bytes, 'passport.png'), { name: 'purpose', value: 'document' }], { cookie: owner.cookie });
    expect(upload.statusCode, upload.body).toBe(200);
    const { url, id } = upload.json().data;
    const [row] = await harness.database.db.select().from(schema.upload).where(eq(schema.upload.id, id));
    expect(row).toMatchObject({ purpose: 'document', ownerUserId: owner.userId });

    for (const cookie of [owner.cookie, staff]) {
      const response = await getImage(harness, url, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.rawPayload).toEqual(bytes);
    }

    const missing = await getImage(harness, `/api/images/${randomUUID()}`, stranger.cookie);
    expect(missing.statusCode).toBe(404);
    const missingSignedOut = await getImage(harness, `/api/images/${randomUUID()}`);
    for (const [response, missingAnswer] of [
      [await getImage(harness, url, stranger.cookie), missing],
      [await getImage(harness, url), missingSignedOut],
    ] as const) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(missingAnswer.json());
      expect(response.headers['content-type']).toBe(missingAnswer.headers['content-type']);
      expect(response.body).not.toContain(id);
    }
  });

  it('answers 404 for an unknown id and 400 for an id that is not a UUID', async () => {
    const unknown = await getImage(harness, `/api/images/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ code: 'not_found', message: 'Image was not found' });

    for (const id of ['not-a-uuid', '12345', `${randomUUID()}x`, '..%2F..%2Fetc%2Fpasswd']) {
      const response = await getImage(harness, `/api/images/${id}`);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().error.fields.id).toBe('Image id must be a UUID');
    }
  });
});

describe('upload throttle', () => {
  let harness: TestApp;
  beforeAll(async () => {
    // 60 per hour × 0.05: three uploads per address per hour.
    harness = await createTestApp({ rateLimitMultiplier: 0.05 });
  });
  afterAll(async () => harness.close());

  it('answers 429 with Retry-After after the allowance, per client address', async () => {
    const address = '198.51.100.7';
    for (let upload = 0; upload < 3; upload += 1) {
      expect((await postImage(harness, [imagePart(uniquePng())], { remoteAddress: address })).statusCode).toBe(200);
    }
    const rowsBefore = (await uploadRows(harness)).length;
    const blocked = await postImage(harness, [imagePart(uniquePng())], { remoteAddress: address });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('too_many_requests');
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect((await uploadRows(harness)).length).toBe(rowsBefore);

    expect((await postImage(harness, [imagePart(uniquePng())], { remoteAddress: '198.51.100.8' })).statusCode).toBe(200);
  });
});

describe('anonymous upload bytes', () => {
  let harness: TestApp;
  beforeAll(async () => {
    // × 0.1: six uploads and 2 MB per address per hour without signing in.
    harness = await createTestApp({ rateLimitMultiplier: 0.1 });
  });
  afterAll(async () => harness.close());

  const largePng = () => Buffer.concat([onePixelPng, randomBytes(900 * 1024)]);

  it('bounds the bytes one address uploads without signing in, not only the count', async () => {
    const address = '198.51.100.20';
    expect((await postImage(harness, [imagePart(largePng())], { remoteAddress: address })).statusCode).toBe(200);
    expect((await postImage(harness, [imagePart(largePng())], { remoteAddress: address })).statusCode).toBe(200);
    const rowsBefore = (await uploadRows(harness)).length;
    const third = await postImage(harness, [imagePart(largePng())], { remoteAddress: address });
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect((await uploadRows(harness)).length).toBe(rowsBefore);
    // Another address has its own allowance.
    expect((await postImage(harness, [imagePart(largePng())], { remoteAddress: '198.51.100.21' })).statusCode).toBe(200);
  });

  it('does not count a signed-in customer’s uploads against it', async () => {
    const customer = await registerCustomer(harness.app);
    const address = '198.51.100.22';
    for (let upload = 0; upload < 3; upload += 1) {
      expect((await postImage(harness, [imagePart(largePng())], { remoteAddress: address, cookie: customer.cookie })).statusCode).toBe(200);
    }
  });
});

describe('sweepUnclaimedUploads', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(async () => harness.close());

  const dayMs = 24 * 60 * 60 * 1000;

  it('removes unclaimed uploads (made without signing in: after an hour; signed in: after a day) and their files, and keeps claimed ones', async () => {
    // A registered customer's avatar (onePixelPng) is claimed at sign-up.
    const customer = await registerCustomer(harness.app);
    const avatarId = customer.image.split('/').pop() ?? '';
    const [avatar] = await harness.database.db.select().from(schema.upload).where(eq(schema.upload.id, avatarId));
    expect(avatar?.claimedAt).not.toBeNull();

    const abandonedBytes = uniquePng();
    const abandoned = (await postImage(harness, [imagePart(abandonedBytes)])).json().data;
    // The same bytes as the claimed avatar: the row goes, the shared file must stay.
    const duplicate = (await postImage(harness, [imagePart(onePixelPng)])).json().data;
    const ownedBytes = uniquePng();
    const owned = (await postImage(harness, [imagePart(ownedBytes)], { cookie: customer.cookie })).json().data;
    const abandonedFile = path.join(harness.dataDir, 'uploads', sha256(abandonedBytes));
    const ownedFile = path.join(harness.dataDir, 'uploads', sha256(ownedBytes));
    const avatarFile = path.join(harness.dataDir, 'uploads', sha256(onePixelPng));
    expect(fs.existsSync(abandonedFile)).toBe(true);

    // Younger than an hour: nothing goes.
    expect(await sweepUnclaimedUploads(harness.database.db, harness.app.services.imageStore, new Date())).toBe(0);
    expect(await sweepUnclaimedUploads(harness.database.db, harness.app.services.imageStore, new Date(Date.now() + anonymousUploadLifetimeMs - 60_000))).toBe(0);
    expect((await uploadRows(harness)).map((row) => row.id).sort()).toEqual([avatarId, abandoned.id, duplicate.id, owned.id].sort());

    // Past an hour the anonymous ones go; the signed-in customer's waits for its day.
    expect(await sweepUnclaimedUploads(harness.database.db, harness.app.services.imageStore, new Date(Date.now() + anonymousUploadLifetimeMs + 60_000))).toBe(1);
    expect(await sweepUnclaimedUploads(harness.database.db, harness.app.services.imageStore, new Date(Date.now() + unclaimedUploadLifetimeMs - 60_000))).toBe(0);
    expect(fs.existsSync(ownedFile)).toBe(true);

    const removedFiles = await sweepUnclaimedUploads(harness.database.db, harness.app.services.imageStore, new Date(Date.now() + 2 * dayMs));
    expect(removedFiles).toBe(1);
    expect((await uploadRows(harness)).map((row) => row.id)).toEqual([avatarId]);
    expect(fs.existsSync(abandonedFile)).toBe(false);
    expect(fs.existsSync(ownedFile)).toBe(false);
    expect(fs.existsSync(avatarFile)).toBe(true);
    expect((await getImage(harness, abandoned.url)).statusCode).toBe(404);
    expect((await getImage(harness, duplicate.url)).statusCode).toBe(404);
    const kept = await getImage(harness, customer.image);
    expect(kept.statusCode).toBe(200);
    expect(kept.rawPayload).toEqual(onePixelPng);

    // A second sweep finds nothing more.
    expect(await sweepUnclaimedUploads(harness.database.db, harness.app.services.imageStore, new Date(Date.now() + 2 * dayMs))).toBe(0);
  });
});
