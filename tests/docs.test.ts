import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The decision records keep one shape so that a reader can trust the index and follow a changed
 * decision forward (docs/decisions/README.md): every record starts with its number, title, date
 * and status; a change is a new record that names what it supersedes, and the old record's status
 * names the new one; the index lists every record and nothing else.
 */
const decisionsDir = path.resolve(import.meta.dirname, '../docs/decisions');

const recordFileName = /^(\d{3})-[a-z0-9-]+\.md$/;
const titleLine = /^# (\d{3}) (\S.*)$/;
const numberAndWhat = String.raw`\d{3} \([^()]+\)`;
const headerLine = new RegExp(
  String.raw`^Date: \d{4}-\d{2}-\d{2} · Status: (?<status>accepted|superseded by \d{3}|partly superseded by ${numberAndWhat}(?:, ${numberAndWhat})*)` +
    String.raw`(?: · Supersedes: (?<supersedes>\d{3}(?: \([^()]+\))?(?:, \d{3}(?: \([^()]+\))?)*))?` +
    String.raw`(?: · Extends: (?<extends>\d{3}(?:, \d{3})*))?$`,
);
const indexRow = /^\| \[(\d{3})\]\(([^)]+)\) \| (.+?) \| (.+?) \| (.+?) \|$/;

interface DecisionRecord {
  number: string;
  file: string;
  title: string;
  /** The status as the header gives it, e.g. `partly superseded by 031 (what)`. */
  status: string;
  supersededBy: string[];
  supersedes: string[];
  extends: string[];
}

function numbersIn(text: string | undefined): string[] {
  return text === undefined ? [] : [...text.matchAll(/(?:^|, |by )(\d{3})/g)].map((match) => match[1] as string);
}

/** The status without what each superseding record took over: the form the index shows. */
function shortStatus(status: string): string {
  return status.replace(/ \([^()]+\)/g, '');
}

/** Every way the records and their index can disagree, one sentence each; none when they agree. */
function problemsIn(dir: string): string[] {
  const problems: string[] = [];
  const records = new Map<string, DecisionRecord>();
  const files = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.md') && file !== 'README.md')
    .sort();
  for (const file of files) {
    const fileMatch = recordFileName.exec(file);
    if (!fileMatch) {
      problems.push(`${file}: a record's file is named NNN-words-in-lower-case.md`);
      continue;
    }
    const number = fileMatch[1] as string;
    if (records.has(number)) problems.push(`${file}: number ${number} is taken by ${records.get(number)?.file}`);
    const [first = '', blank, header = ''] = fs.readFileSync(path.join(dir, file), 'utf8').split('\n');
    const title = titleLine.exec(first);
    if (title?.[1] !== number) {
      problems.push(`${file}: the first line is "# ${number} Title"`);
      continue;
    }
    const fields = headerLine.exec(header)?.groups;
    if (blank !== '' || !fields) {
      problems.push(`${file}: the third line is "Date: YYYY-MM-DD · Status: accepted | superseded by NNN | partly superseded by NNN (what)"`);
      continue;
    }
    const status = fields.status as string;
    records.set(number, {
      number,
      file,
      title: title[2] as string,
      status,
      supersededBy: status === 'accepted' ? [] : numbersIn(status),
      supersedes: numbersIn(fields.supersedes),
      extends: numbersIn(fields.extends),
    });
  }

  for (const record of records.values()) {
    for (const newer of record.supersededBy) {
      const other = records.get(newer);
      if (!other) problems.push(`${record.file}: superseded by ${newer}, which does not exist`);
      else if (!other.supersedes.includes(record.number)) problems.push(`${record.file}: superseded by ${newer}, which does not say it supersedes ${record.number}`);
    }
    for (const older of record.supersedes) {
      const other = records.get(older);
      if (!other) problems.push(`${record.file}: supersedes ${older}, which does not exist`);
      else if (!other.supersededBy.includes(record.number)) problems.push(`${record.file}: supersedes ${older}, whose status does not name ${record.number}`);
    }
    for (const base of record.extends) {
      if (!records.has(base)) problems.push(`${record.file}: extends ${base}, which does not exist`);
    }
    if (/^## Addendum/m.test(fs.readFileSync(path.join(dir, record.file), 'utf8'))) {
      problems.push(`${record.file}: a changed decision is a new record that supersedes this one, not an addendum`);
    }
  }

  const indexFile = path.join(dir, 'README.md');
  const indexed = new Set<string>();
  const index = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : '';
  if (!index) problems.push('README.md: the index is missing');
  for (const line of index.split('\n')) {
    const row = indexRow.exec(line);
    if (!row) continue;
    const [, number = '', file = '', title = '', status = ''] = row;
    const record = records.get(number);
    if (!record || record.file !== file) {
      problems.push(`README.md: ${number} names ${file}, which is not a record`);
      continue;
    }
    if (indexed.has(number)) problems.push(`README.md: ${number} is listed twice`);
    indexed.add(number);
    if (title !== record.title) problems.push(`README.md: ${number}'s title is "${record.title}"`);
    if (status !== shortStatus(record.status)) problems.push(`README.md: ${number}'s status is "${shortStatus(record.status)}"`);
  }
  for (const record of records.values()) {
    if (!indexed.has(record.number)) problems.push(`README.md: ${record.file} is missing from the index`);
  }
  return problems;
}

const madeDirs: string[] = [];

function recordsDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'decisions-'));
  madeDirs.push(dir);
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
  return dir;
}

const indexHeader = '| No. | Title | Status | Decides |\n|---|---|---|---|\n';

describe('the decision records', () => {
  it('each have the one header, their supersessions agree both ways, and the index lists exactly them', () => {
    expect(problemsIn(decisionsDir)).toEqual([]);
  });

  it('are numbered from 001 without a number used twice', () => {
    const numbers = fs.readdirSync(decisionsDir).flatMap((file) => recordFileName.exec(file)?.[1] ?? []);
    expect(numbers).toContain('001');
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});

describe('the check of the decision records', () => {
  afterAll(() => {
    for (const dir of madeDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const older = '# 001 Old way\n\nDate: 2026-11-22 · Status: partly superseded by 002 (the old part)\n\nBody.\n';
  const newer = '# 002 New way\n\nDate: 2026-11-25 · Status: accepted · Supersedes: 001 (the old part)\n\nBody.\n';
  const index = indexHeader + '| [001](001-old-way.md) | Old way | partly superseded by 002 | the old way |\n' + '| [002](002-new-way.md) | New way | accepted | the new way |\n';

  it('finds nothing wrong in records that agree', () => {
    expect(problemsIn(recordsDir({ '001-old-way.md': older, '002-new-way.md': newer, 'README.md': index }))).toEqual([]);
  });

  it('names a record the index leaves out, and an index entry without its file', () => {
    const dir = recordsDir({
      '001-old-way.md': older,
      '002-new-way.md': newer,
      '003-unlisted.md': '# 003 Unlisted\n\nDate: 2026-11-25 · Status: accepted\n',
      'README.md': index + '| [004](004-gone.md) | Gone | accepted | nothing |\n',
    });
    expect(problemsIn(dir)).toEqual(['README.md: 004 names 004-gone.md, which is not a record', 'README.md: 003-unlisted.md is missing from the index']);
  });

  it('names a record without the header', () => {
    const dir = recordsDir({
      '001-old-way.md': '# 001: Old way\n\nDate: 2026-11-22\nStatus: accepted\n',
      '002-new-way.md': '# 002 New way\n\nDate: 2026-11-25 · Status: accepted (extends 001)\n',
      'README.md': indexHeader,
    });
    expect(problemsIn(dir)).toEqual([
      '001-old-way.md: the first line is "# 001 Title"',
      '002-new-way.md: the third line is "Date: YYYY-MM-DD · Status: accepted | superseded by NNN | partly superseded by NNN (what)"',
    ]);
  });

  it('names a supersession the other record does not confirm, or whose record does not exist', () => {
    const dir = recordsDir({
      '001-old-way.md': '# 001 Old way\n\nDate: 2026-11-22 · Status: superseded by 002\n',
      '002-new-way.md': '# 002 New way\n\nDate: 2026-11-25 · Status: accepted\n',
      '003-later.md': '# 003 Later\n\nDate: 2026-11-25 · Status: accepted · Supersedes: 009 (all of it)\n',
      'README.md': indexHeader + '| [001](001-old-way.md) | Old way | superseded by 002 | x |\n| [002](002-new-way.md) | New way | accepted | y |\n| [003](003-later.md) | Later | accepted | z |\n',
    });
    expect(problemsIn(dir)).toEqual(['001-old-way.md: superseded by 002, which does not say it supersedes 001', '003-later.md: supersedes 009, which does not exist']);
  });

  it('names an addendum and an index status that differs from the record', () => {
    const dir = recordsDir({
      '001-old-way.md': older + '\n## Addendum, 2026-11-25: changed after all\n',
      '002-new-way.md': newer,
      'README.md': index.replace('partly superseded by 002', 'accepted'),
    });
    expect(problemsIn(dir)).toEqual(['001-old-way.md: a changed decision is a new record that supersedes this one, not an addendum', `README.md: 001's status is "partly superseded by 002"`]);
  });
});
