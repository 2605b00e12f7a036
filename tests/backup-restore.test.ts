import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import { verifyLedger } from '../src/server/modules/ledger/ledger';
import { projectRoot } from '../src/server/project-paths';
import { call, openFundedAccount } from '../src/server/test-support/banking';
import { multipartImage, onePixelPng, registerCustomer, signInStaff, staffCredentials } from '../src/server/test-support/test-app';
import { createServerFixture, startServerProcess, type ServerFixture } from './support/built-server';
import { overHttp } from './support/over-http';

/**
 * The backup drill: a backup taken while the server runs and serves transfers, restored into a
 * fresh database, holds every balance and journal line of the source at that moment, and the
 * restored ledger checks out (`verifyLedger`). A server started on it works as the old one did:
 * staff sign in with a code from the authenticator they enrolled before the backup (the server's
 * secret came back with it), and a document uploaded before the backup is served. On PGlite the
 * running server writes the backup itself when asked (SIGUSR2); on PostgreSQL `pg_dump` takes it.
 */
const source = await createServerFixture('bank-backup-');
const target = await createServerFixture('bank-restore-');
afterAll(async () => {
  await source.cleanup();
  await target.cleanup();
});

function runScript(script: string, env: NodeJS.ProcessEnv, args: string[] = []) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { cwd: projectRoot, env, encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

/** Every account's balance, and every journal line but those of `leaveOut`: what the backup must hold. */
async function moneyState(database: DatabaseHandle, leaveOut = '') {
  const balances = await database.db.execute<{ code: string; balance: string }>(sql`
    SELECT a.code, (a.balance_poisha - coalesce(sum(p.amount_poisha) FILTER (WHERE p.journal_entry_id::text = ${leaveOut}), 0))::text AS balance
    FROM ledger_account a LEFT JOIN posting p ON p.ledger_account_code = a.code
    GROUP BY a.code, a.balance_poisha ORDER BY a.code`);
  const journal = await database.db.execute<{ lines: number; digest: string }>(sql`
    SELECT count(*)::int AS lines,
           md5(coalesce(string_agg(p.journal_entry_id::text || ':' || p.ledger_account_code || ':' || p.amount_poisha::text || ':' || p.balance_after_poisha::text, ',' ORDER BY p.id), '')) AS digest
    FROM posting p WHERE p.journal_entry_id::text <> ${leaveOut}`);
  return { balances: balances.rows, journal: journal.rows[0] };
}

async function openDeployment(fixture: ServerFixture): Promise<DatabaseHandle> {
  return openDatabase({ databaseUrl: fixture.databaseUrl, pgliteDir: path.join(fixture.dataDir, 'pglite') });
}

describe('backup and restore', () => {
  it('restores a backup taken while the server runs into a fresh database with every balance and journal line', async () => {
    const environment = source.environment({ STAFF_EMAIL: staffCredentials.email, STAFF_PASSWORD: staffCredentials.password, RATE_LIMIT_MULTIPLIER: '1000' });
    const server = await startServerProcess(environment);
    let backupFile = '';
    let afterBackup = '';
    let documentUrl = '';
    try {
      const app = overHttp(server.baseUrl);
      const staff = await signInStaff(app);
      const sender = await registerCustomer(app, { name: 'Shirin Akter' });
      const receiver = await registerCustomer(app, { name: 'Kamal Hossain' });
      const from = await openFundedAccount(app, sender, staff, 50_000);
      const to = await openFundedAccount(app, receiver, staff, 0, { user: 'Kamal Hossain', role: 'Current' });
      const transfer = (amount: string) => call(app, 'PUT', '/api/userMoneyTrans', sender.cookie, { id: from, confirmedName: 'Kamal Hossain', accNum: to, sendAmount: amount });
      for (const amount of ['1250.50', '99.99', '10000']) expect((await transfer(amount)).statusCode).toBe(200);
      const { payload, headers } = multipartImage(onePixelPng, { purpose: 'document' });
      const uploaded = await app.inject({ method: 'POST', url: '/api/images', payload, headers: { ...headers, cookie: sender.cookie } });
      expect(uploaded.statusCode).toBe(200);
      documentUrl = (uploaded.json() as { data: { url: string } }).data.url;

      const backup = runScript('scripts/backup.ts', environment);
      expect(backup.stderr).toBe('');
      expect(backup.status).toBe(0);
      backupFile = backup.stdout.split('\n').pop() ?? '';
      expect(fs.existsSync(backupFile)).toBe(true);
      expect(fs.statSync(backupFile).mode & 0o077).toBe(0);
      // The server goes on serving after the backup; what it does next is not in the backup.
      const later = await transfer('10');
      expect(later.statusCode).toBe(200);
      afterBackup = later.json().insertedId;
    } finally {
      expect(await server.stop()).toBe(0);
    }

    const restored = runScript('scripts/restore.ts', target.environment(), [backupFile]);
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    // A restore never overwrites a database: a second one into the same place is refused.
    const again = runScript('scripts/restore.ts', target.environment(), [backupFile]);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/not empty|already holds a database/);

    const sourceDatabase = await openDeployment(source);
    const targetDatabase = await openDeployment(target);
    try {
      const expected = await moneyState(sourceDatabase, afterBackup);
      expect(expected.journal?.lines).toBeGreaterThan(6);
      expect(await moneyState(targetDatabase)).toEqual(expected);
      expect(await verifyLedger(targetDatabase.db)).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0 });
    } finally {
      await sourceDatabase.close();
      await targetDatabase.close();
    }

    if (!target.databaseUrl) {
      // What the embedded backup brought back beside the database is the server's user's alone.
      const restoredFiles = [path.join(target.dataDir, 'auth-secret'), ...fs.readdirSync(path.join(target.dataDir, 'uploads')).map((name) => path.join(target.dataDir, 'uploads', name))];
      expect(restoredFiles.length).toBeGreaterThan(1);
      expect(restoredFiles.filter((file) => (fs.statSync(file).mode & 0o077) !== 0)).toEqual([]);
    }

    // The restored database serves: staff sign in with their authenticator's code, and the document is there.
    const restoredServer = await startServerProcess(target.environment({ STAFF_EMAIL: staffCredentials.email, STAFF_PASSWORD: staffCredentials.password }));
    try {
      expect((await fetch(`${restoredServer.baseUrl}/readyz`)).status).toBe(200);
      const staff = await signInStaff(overHttp(restoredServer.baseUrl));
      const document = await fetch(`${restoredServer.baseUrl}${documentUrl}`, { headers: { cookie: staff } });
      expect(document.status).toBe(200);
      expect(Buffer.from(await document.arrayBuffer())).toEqual(onePixelPng);
    } finally {
      expect(await restoredServer.stop()).toBe(0);
    }
  }, 180_000);
});
