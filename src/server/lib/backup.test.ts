import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresConnection, writePostgresBackup } from './backup';
import { readTarGz, writeTarGz } from './tar-archive';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-backup-unit-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe('the connection handed to pg_dump and pg_restore', () => {
  it('carries the password in the environment, never in the address on the command line', () => {
    const encoded = postgresConnection('postgres://bank:p%40ss%3Aword@db.internal:5432/bank?sslmode=require');
    expect(encoded).toEqual({ url: 'postgres://bank@db.internal:5432/bank?sslmode=require', env: { PGPASSWORD: 'p@ss:word' } });
    const inQuery = postgresConnection('postgresql://bank@db.internal/bank?password=hunter2-long&sslmode=require');
    expect(inQuery).toEqual({ url: 'postgresql://bank@db.internal/bank?sslmode=require', env: { PGPASSWORD: 'hunter2-long' } });
    expect(postgresConnection('postgres://postgres@127.0.0.1:5432/postgres')).toEqual({ url: 'postgres://postgres@127.0.0.1:5432/postgres', env: {} });
  });

  it('runs pg_dump with no password in its arguments, into a file that is owner-only while pg_dump writes it', async () => {
    // A pg_dump of our own first on PATH records what it was given and the mode of the file it writes.
    const programs = path.join(scratch, 'programs');
    const records = path.join(scratch, 'records');
    fs.mkdirSync(programs);
    fs.mkdirSync(records);
    fs.writeFileSync(
      path.join(programs, 'pg_dump'),
      [
        '#!/bin/sh',
        'printf "%s\\n" "$@" > "$RECORDS/argv"',
        'printf "%s" "$PGPASSWORD" > "$RECORDS/password"',
        'exec 3>&1',
        'stat -L -c %a /proc/self/fd/3 > "$RECORDS/mode"',
        'printf PGDMP-bytes',
      ].join('\n'),
      { mode: 0o700 },
    );
    const saved = { path: process.env.PATH, records: process.env.RECORDS };
    process.env.PATH = `${programs}:${saved.path}`;
    process.env.RECORDS = records;
    try {
      const file = await writePostgresBackup('postgres://bank:s3cret%21pass@127.0.0.1:5432/bank', path.join(scratch, 'backups'));
      const argv = fs.readFileSync(path.join(records, 'argv'), 'utf8');
      expect(argv).not.toContain('s3cret');
      expect(argv.trim().split('\n').at(-1)).toBe('postgres://bank@127.0.0.1:5432/bank');
      expect(fs.readFileSync(path.join(records, 'password'), 'utf8')).toBe('s3cret!pass');
      expect(fs.readFileSync(path.join(records, 'mode'), 'utf8').trim()).toBe('600');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(file, 'utf8')).toBe('PGDMP-bytes');
    } finally {
      process.env.PATH = saved.path;
      if (saved.records === undefined) delete process.env.RECORDS;
      else process.env.RECORDS = saved.records;
    }
  });
});

describe('the tar archive of an embedded backup', () => {
  it('reads back every entry as written, is owner-only, and is a tar archive any tar lists', async () => {
    const file = path.join(scratch, 'round-trip.tar.gz');
    const big = Buffer.alloc(300_000, 7);
    const entries = [
      { name: 'auth-secret', bytes: Buffer.from('a-secret\n') },
      { name: 'empty', bytes: Buffer.alloc(0) },
      { name: 'pglite.tar.gz', bytes: big },
      { name: `uploads/${'a'.repeat(64)}`, bytes: Buffer.from([1, 2, 3]) },
    ];
    await writeTarGz(
      file,
      (async function* () {
        yield* entries;
      })(),
    );
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const read = [];
    for await (const entry of readTarGz(file)) read.push({ name: entry.name, bytes: Buffer.from(entry.bytes) });
    expect(read).toEqual(entries);
    const listed = spawnSync('tar', ['-tzf', file], { encoding: 'utf8' });
    if (listed.error === undefined) expect(listed.stdout.trim().split('\n')).toEqual(entries.map((entry) => entry.name));
  });

  it('refuses a name that would lead out of the folder it is restored into', async () => {
    const entries = (async function* () {
      yield { name: '../auth-secret', bytes: Buffer.from('x') };
    })();
    await expect(writeTarGz(path.join(scratch, 'hostile.tar.gz'), entries)).rejects.toThrow(/not a name this archive keeps/);
  });
});
