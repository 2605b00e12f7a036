import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { App } from '../../app';
import { buildTestInstance, createTestApp, multipartImage, onePixelPng, type TestApp } from '../../test-support/test-app';
import { createDatabaseImageStore, createFileImageStore, type ImageStore } from './image-store';
import { insertUpload } from './images.repository';

const uniquePng = () => Buffer.concat([onePixelPng, randomBytes(16)]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(['disk', 'database'] as const)('the %s image store', (kind) => {
  let harness: TestApp;
  let store: ImageStore;
  beforeAll(async () => {
    harness = await createTestApp();
    store = kind === 'database' ? createDatabaseImageStore(harness.database.db) : createFileImageStore(path.join(harness.dataDir, 'store-test'));
  });
  afterAll(async () => harness.close());

  it('names bytes by their SHA-256, keeps one copy of the same bytes, and reads them back whole', async () => {
    const bytes = uniquePng();
    const hash = await store.put(bytes);
    expect(hash).toBe(sha256(bytes));
    expect(await store.put(Buffer.from(bytes))).toBe(hash);
    expect(await store.read(hash)).toEqual(bytes);
    const large = Buffer.concat([onePixelPng, randomBytes(3 * 1024 * 1024)]);
    // Compared by digest: a deep equality walks 3 MB byte by byte and takes a minute on a busy machine.
    expect(sha256(await store.read(await store.put(large)))).toBe(sha256(large));
  });

  it('removes bytes no upload names, so a read of them fails', async () => {
    const hash = await store.put(uniquePng());
    await store.remove(hash);
    await expect(store.read(hash)).rejects.toThrow();
  });
});

describe('the database image store', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(async () => harness.close());

  it('keeps bytes an upload row still names, even when asked to remove them', async () => {
    const store = createDatabaseImageStore(harness.database.db);
    const bytes = uniquePng();
    const hash = await store.put(bytes);
    await insertUpload(harness.database.db, { contentHash: hash, mimeType: 'image/png', sizeBytes: bytes.length, purpose: 'avatar', ownerUserId: null });
    await store.remove(hash);
    expect(await store.read(hash)).toEqual(bytes);
  });
});

describe('two server instances behind one database', () => {
  let harness: TestApp;
  let second: App;
  let secondDataDir: string;
  beforeAll(async () => {
    harness = await createTestApp({ uploadStore: 'database' });
    secondDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-test-second-'));
    second = await buildTestInstance(harness.database, secondDataDir, { uploadStore: 'database' });
  });
  afterAll(async () => {
    await second.close();
    await harness.close();
    fs.rmSync(secondDataDir, { recursive: true, force: true });
  });

  it('serve from one what was uploaded through the other, with no file on either disk', async () => {
    const bytes = uniquePng();
    const { payload, headers } = multipartImage(bytes);
    const uploaded = await harness.app.inject({ method: 'POST', url: '/api/images', payload, headers });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const served = await second.inject({ method: 'GET', url: uploaded.json().data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload).toEqual(bytes);
    expect(fs.existsSync(path.join(harness.dataDir, 'uploads', sha256(bytes)))).toBe(false);
    expect(fs.existsSync(path.join(secondDataDir, 'uploads', sha256(bytes)))).toBe(false);
  });
});

describe('UPLOAD_STORE', () => {
  it('keeps images on disk with embedded PGlite and in PostgreSQL with DATABASE_URL, unless told otherwise', () => {
    expect(loadConfig({}).uploadStore).toBe('disk');
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/bank' }).uploadStore).toBe('database');
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/bank', UPLOAD_STORE: 'disk' }).uploadStore).toBe('disk');
    expect(loadConfig({ UPLOAD_STORE: 'database' }).uploadStore).toBe('database');
    expect(() => loadConfig({ UPLOAD_STORE: 's3' })).toThrow(/UPLOAD_STORE/);
  });
});
