import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtServerPath } from '../src/server/project-paths';
import { createServerFixture, startServerProcess } from './support/built-server';

const fixture = await createServerFixture('bank-built-');
const { dataDir } = fixture;
const serverEnvironment = () => fixture.environment();

afterAll(async () => fixture.cleanup());

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

/**
 * The lines of a server's output a person would have to read as a problem: a log line at warning
 * level or above (pino's JSON, level 40 and up) or any line of a stack trace.
 */
function alarmingLines(output: string): string[] {
  return output.split('\n').filter((line) => {
    if (/^\s+at\s/.test(line)) return true;
    if (!line.startsWith('{')) return false;
    try {
      const entry = JSON.parse(line) as { level?: number; err?: unknown };
      return (entry.level ?? 0) >= 40 || entry.err !== undefined;
    } catch {
      return false;
    }
  });
}

describe('the built server (npm start)', () => {
  it('starts from dist/server on an empty data folder and again on what it left, answers, and stops cleanly', async () => {
    expect(fs.existsSync(builtServerPath)).toBe(true);
    // A newcomer's first start, with the default log level: only what a person should read.
    const first = await startServerProcess(fixture.environment({ LOG_LEVEL: 'info' }));
    try {
      await expectEverythingReachable(first.baseUrl);
      expect(fs.existsSync(path.join(dataDir, 'staff-credentials.txt'))).toBe(true);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    expect(first.output()).toContain('Staff sign-in created');
    expect(first.output()).toContain('Bank is open on');
    expect(alarmingLines(first.output())).toEqual([]);
    const second = await startServerProcess(serverEnvironment());
    try {
      await expectEverythingReachable(second.baseUrl);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });
});
