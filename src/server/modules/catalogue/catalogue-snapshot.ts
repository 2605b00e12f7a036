import { createHash } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { z } from 'zod';
import { languages, type Language } from '../../../shared/language';
import { publicRatesSchema } from '../../../shared/schemas/interest-terms';
import { schema, type Database } from '../../db/client';
import type { CatalogueKind } from './catalogue-seed';
import type { CatalogueRow } from './catalogue.repository';
import { readCatalogueRates, type CatalogueRates } from './public-rates';

/**
 * How often each instance reads the catalogue again. The catalogue changes only when the bank
 * edits its products, so every instance shows an edit within this time, and no request waits
 * on the database for it.
 */
export const catalogueRefreshIntervalMs = 30_000;

/**
 * A ready answer: its JSON text already encoded as UTF-8, and an ETag naming exactly those bytes.
 * Held as bytes, not as a string: a string is measured and encoded again on every send, which
 * cost a quarter of a catalogue read's CPU.
 */
export type ReadyAnswer = { body: Buffer; etag: string };

export type CatalogueArea = { kind: CatalogueKind; answer: z.ZodType; map: (row: CatalogueRow, language: Language, rates: CatalogueRates) => unknown };

export type AreaAnswers = { list: ReadyAnswer; bySlug: Map<string, ReadyAnswer> };

const ready = (value: unknown): ReadyAnswer => {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
};

/**
 * The public catalogue held in memory as ready answers, validated against the answer schemas
 * once per load instead of serialized on every request.
 */
export class CatalogueSnapshot {
  /** Ready answers by area and language (`account:bn`): every language is prepared at load, none per request. */
  private answers = new Map<`${CatalogueKind}:${Language}`, AreaAnswers>();
  /** The FDR rates beside the account types, ready as the areas are. */
  private rates: ReadyAnswer | undefined;
  private loading: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    private readonly areas: readonly CatalogueArea[],
  ) {}

  /**
   * Loads now and then every `catalogueRefreshIntervalMs`; a failed load keeps the last good
   * answers (none before the first), so a server whose database is not ready yet still starts.
   */
  async start(onRefreshError: (error: unknown) => void): Promise<void> {
    await this.load().catch(onRefreshError);
    this.timer = setInterval(() => void this.load().catch(onRefreshError), catalogueRefreshIntervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /**
   * The area's answers if a load has succeeded, without waiting: after the first load this is
   * every request, and a public read then costs no promise (each one pays for the asynchronous
   * context better-auth enables).
   */
  loadedNow(kind: CatalogueKind, language: Language = 'en'): AreaAnswers | undefined {
    return this.answers.get(`${kind}:${language}`);
  }

  /** The area's answers; loaded on the spot when no load has succeeded yet (a failure is the request's 500). */
  async loaded(kind: CatalogueKind, language: Language = 'en'): Promise<AreaAnswers> {
    if (!this.answers.has(`${kind}:${language}`)) await this.load();
    const answers = this.answers.get(`${kind}:${language}`);
    if (!answers) throw new Error(`the catalogue has no ${kind} area`);
    return answers;
  }

  /** The public rates if a load has succeeded, without waiting. */
  ratesNow(): ReadyAnswer | undefined {
    return this.rates;
  }

  /** The public rates; loaded on the spot when no load has succeeded yet. */
  async ratesLoaded(): Promise<ReadyAnswer> {
    if (!this.rates) await this.load();
    if (!this.rates) throw new Error('the catalogue loaded no rates');
    return this.rates;
  }

  load(): Promise<void> {
    this.loading ??= this.readAll().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async readAll(): Promise<void> {
    const rows = await this.db.select().from(schema.catalogueEntry).orderBy(asc(schema.catalogueEntry.sortOrder), asc(schema.catalogueEntry.slug));
    // The rates change with an approval or a new business date, no more often than the catalogue
    // itself matters: read on the same refresh, so a product page still costs no query.
    const rates = await readCatalogueRates(this.db);
    const next = new Map<`${CatalogueKind}:${Language}`, AreaAnswers>();
    for (const area of this.areas) {
      for (const language of languages) {
        const answers = rows.filter((row) => row.kind === area.kind).map((row) => ({ slug: row.slug, answer: area.answer.parse(area.map(row, language, rates)) }));
        next.set(`${area.kind}:${language}`, { list: ready(answers.map((entry) => entry.answer)), bySlug: new Map(answers.map((entry) => [entry.slug, ready(entry.answer)])) });
      }
    }
    this.answers = next;
    this.rates = ready(publicRatesSchema.parse(rates.rates));
  }
}
