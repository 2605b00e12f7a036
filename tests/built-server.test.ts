import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtServerPath } from '../src/server/project-paths';
import { createScratchDatabase } from '../src/server/test-support/test-database';
import { startServerProcess } from './support/built-server';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-built-'));
const serverUrl = process.env.DATABASE_URL;
const scratch = serverUrl ? await createScratchDatabase(serverUrl) : undefined;

afterAll(async () => {
  await scratch?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function serverEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.STAFF_EMAIL;
  delete env.STAFF_PASSWORD;
  if (scratch) env.DATABASE_URL = scratch.url;
  return env;
}

/** What the bundle finds by path at run time: the migrations, the web app, the password estimator's dictionaries, better-auth's chunk. */
async function expectEverythingReachable(baseUrl: string): Promise<void> {
  expect((await fetch(`${baseUrl}/readyz`)).status).toBe(200);
  const page = await fetch(`${baseUrl}/`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<div id="root">');
  const weak = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ name: 'Test Person', email: 'person@example.com', password: 'qwerty123456', image: '/api/images/00000000-0000-0000-0000-000000000000' }),
  });
  expect((await weak.json()).error?.code).toBe('weak_password');
  const session = await fetch(`${baseUrl}/api/auth/get-session`);
  expect(session.status).toBe(200);
}

describe('the built server (npm start)', () => {
  it('starts from dist/server on an empty data folder and again on what it left, answers, and stops cleanly', async () => {
    expect(fs.existsSync(builtServerPath)).toBe(true);
    const first = await startServerProcess(serverEnvironment());
    try {
      await expectEverythingReachable(first.baseUrl);
      expect(fs.existsSync(path.join(dataDir, 'staff-credentials.txt'))).toBe(true);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    const second = await startServerProcess(serverEnvironment());
    try {
      await expectEverythingReachable(second.baseUrl);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });
});
