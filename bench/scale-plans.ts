// The query plans of bench/scale.ts: every statement the server sends while one request runs is
// recorded at the driver, then explained with EXPLAIN (ANALYZE, BUFFERS) on a connection of its
// own, inside a transaction that is rolled back so that a transfer explained is not a transfer made.
import pg from 'pg';

export type CapturedQuery = { text: string; values: unknown[] };

let capturing: CapturedQuery[] | undefined;
type Query = (this: pg.Client, ...args: unknown[]) => unknown;
const clientPrototype = pg.Client.prototype as unknown as { query: Query };
const driverQuery = clientPrototype.query;
clientPrototype.query = function recordQuery(this: pg.Client, ...args: unknown[]) {
  const [config, values] = args;
  if (capturing && typeof config === 'string') capturing.push({ text: config, values: Array.isArray(values) ? values : [] });
  if (capturing && typeof config === 'object' && config !== null && 'text' in config) {
    const query = config as { text: string; values?: unknown[] };
    capturing.push({ text: query.text, values: query.values ?? (Array.isArray(values) ? values : []) });
  }
  return driverQuery.apply(this, args);
};

/** The statements sent while `work` runs; transaction control and settings are left out. */
export async function capturedQueries(work: () => Promise<unknown>): Promise<CapturedQuery[]> {
  capturing = [];
  try {
    await work();
    return capturing.filter((query) => /^\s*(select|insert|update|delete|with)\b/i.test(query.text));
  } finally {
    capturing = undefined;
  }
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Markdown: each statement, then its plan. */
export async function explainQueries(databaseUrl: string, queries: CapturedQuery[]): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'bank-scale-explain' });
  await client.connect();
  const sections: string[] = [];
  try {
    for (const query of queries) {
      await client.query('BEGIN');
      try {
        // Planned once without running first: the connection is new, and its first planning of a
        // table reads the catalogue, which the server's pooled connections did long ago.
        await client.query(`EXPLAIN ${query.text}`, query.values);
        const result = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${query.text}`, query.values);
        sections.push(`\`\`\`sql\n${oneLine(query.text)}\n\`\`\`\n\`\`\`\n${result.rows.map((row) => row['QUERY PLAN']).join('\n')}\n\`\`\`\n`);
      } catch (error) {
        sections.push(`\`\`\`sql\n${oneLine(query.text)}\n\`\`\`\n(not explained: ${(error as Error).message})\n`);
      } finally {
        await client.query('ROLLBACK');
      }
    }
  } finally {
    await client.end();
  }
  return sections.length > 0 ? sections.join('\n') : '(no statement: every one was shown above)\n';
}
