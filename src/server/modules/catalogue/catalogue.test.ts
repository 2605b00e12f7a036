import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { catalogueSeed } from './catalogue-seed';
import { banglaCatalogue } from './catalogue-seed-bn';
import { countCatalogue, seedCatalogue } from './catalogue.repository';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(async () => harness.close());

describe('catalogue', () => {
  it('lists every account, card and loan type with the spec field names', async () => {
    const accounts = await harness.app.inject({ method: 'GET', url: '/api/accountsTypes' });
    expect(accounts.statusCode).toBe(200);
    expect(accounts.json().map((entry: { accountType: string }) => entry.accountType)).toEqual(['student', 'savings', 'current', 'fixed']);
    const first = accounts.json()[0];
    expect(first).toMatchObject({ _id: expect.any(String), name: expect.any(String), img: expect.stringMatching(/^\/illustrations\/.+\.svg$/), Description: expect.any(String) });
    expect(first.facilities.length).toBeGreaterThanOrEqual(4);

    const cards = await harness.app.inject({ method: 'GET', url: '/api/cardsTypes' });
    expect(cards.json().map((entry: { cardType: string }) => entry.cardType)).toEqual(['debit', 'credit']);
    const loans = await harness.app.inject({ method: 'GET', url: '/api/loansTypes' });
    expect(loans.json().map((entry: { loanType: string }) => entry.loanType)).toEqual(['car', 'student', 'home', 'personal']);
    expect(loans.json()[0].rules.length).toBeGreaterThanOrEqual(4);
  });

  it('answers one type by slug, with the spec spellings of fixed deposit', async () => {
    const savings = await harness.app.inject({ method: 'GET', url: '/api/accounts/savings' });
    expect(savings.statusCode).toBe(200);
    expect(savings.json().accountType).toBe('savings');
    for (const spelling of ['fixed', 'Fix-Deposit', 'Fixed-Deposit']) {
      const fixed = await harness.app.inject({ method: 'GET', url: `/api/accounts/${spelling}` });
      expect(fixed.json().accountType).toBe('fixed');
    }
    expect((await harness.app.inject({ method: 'GET', url: '/api/cards/credit' })).json().cardType).toBe('credit');
    expect((await harness.app.inject({ method: 'GET', url: '/api/loans/home' })).json().loanType).toBe('home');
  });

  it('answers a JSON 404 for an unknown slug', async () => {
    for (const url of ['/api/accounts/gold', '/api/cards/platinum', '/api/loans/yacht']) {
      const response = await harness.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
    const tooLong = await harness.app.inject({ method: 'GET', url: `/api/loans/${'x'.repeat(60)}` });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields.slug).toMatch(/at most 40/);
  });

  it('answers from memory with an ETag: 304 when the client holds the same answer', async () => {
    const first = await harness.app.inject({ method: 'GET', url: '/api/accountsTypes' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const again = await harness.app.inject({ method: 'GET', url: '/api/accountsTypes', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await harness.app.inject({ method: 'GET', url: '/api/accounts/savings', headers: { 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it('shows an edit of the catalogue after the next refresh, with a new ETag', async () => {
    const before = await harness.app.inject({ method: 'GET', url: '/api/cards/debit' });
    await harness.database.db.execute(sql`UPDATE catalogue_entry SET name = 'Padma Debit Card' WHERE kind = 'card' AND slug = 'debit'`);
    await harness.app.services.catalogue.load();
    const after = await harness.app.inject({ method: 'GET', url: '/api/cards/debit', headers: { 'if-none-match': before.headers.etag as string } });
    expect(after.statusCode).toBe(200);
    expect(after.json().name).toBe('Padma Debit Card');
  });

  it('shows each account type’s terms in force and the FDR rates, from memory, following the business date at the next refresh', async () => {
    const savings = (await harness.app.inject({ method: 'GET', url: '/api/accounts/savings' })).json();
    expect(savings.interest).toEqual({
      effectiveFrom: '2026-01-01',
      posting: 'half-yearly',
      balanceToEarnMin: 1000,
      tiers: [
        { balanceMin: 0, annualRatePercent: 2.5 },
        { balanceMin: 1000000, annualRatePercent: 3 },
        { balanceMin: 10000000, annualRatePercent: 3.5 },
      ],
    });
    const rates = await harness.app.inject({ method: 'GET', url: '/api/rates' });
    expect(rates.statusCode).toBe(200);
    expect(rates.headers.etag).toEqual(expect.any(String));
    expect(rates.json().fdr.map((rate: { termMonths: number }) => rate.termMonths)).toEqual([1, 3, 6, 12, 24, 36]);

    const { db } = harness.database;
    const businessDate = (await db.execute<{ day: string }>(sql`SELECT business_date::text AS day FROM business_date`)).rows[0]?.day ?? '';
    const next = await db.execute<{ id: string }>(sql`INSERT INTO interest_terms (account_type, effective_from, posting) VALUES ('student', ${businessDate}::date + 1, 'monthly') RETURNING id::text`);
    await db.execute(sql`INSERT INTO interest_terms_tier (terms_id, balance_poisha_min, annual_rate_basis_points) VALUES (${next.rows[0]?.id}::uuid, 0, 425)`);
    await harness.app.services.catalogue.load();
    expect((await harness.app.inject({ method: 'GET', url: '/api/accounts/student' })).json().interest.tiers).toEqual([{ balanceMin: 0, annualRatePercent: 3 }]);
    await db.execute(sql`UPDATE business_date SET business_date = business_date + 1`);
    await harness.app.services.catalogue.load();
    const student = (await harness.app.inject({ method: 'GET', url: '/api/accounts/student?lang=bn' })).json();
    expect(student.interest).toMatchObject({ posting: 'monthly', tiers: [{ balanceMin: 0, annualRatePercent: 4.25 }] });
    await db.execute(sql`UPDATE business_date SET business_date = business_date - 1`);
  });

  it('seeds once: a second seed adds nothing', async () => {
    const before = await countCatalogue(harness.database.db);
    await seedCatalogue(harness.database.db, catalogueSeed);
    expect(await countCatalogue(harness.database.db)).toBe(before);
    expect(before).toBe(10);
  });

  it('has every entry in Bangla, feature for feature, with the same amounts', () => {
    const banglaDigits = (text: string) => text.replace(/[0-9]/g, (digit) => String.fromCharCode(0x09e6 + Number(digit)));
    for (const entry of catalogueSeed) {
      const bangla = banglaCatalogue[`${entry.kind}:${entry.slug}`];
      expect(bangla, `${entry.kind}:${entry.slug}`).toBeDefined();
      expect(bangla?.features.length, `${entry.kind}:${entry.slug}`).toBe(entry.features.length);
      // Every amount of the English description (1,00,000 and the like) is in the Bangla one, in Bangla digits.
      for (const amount of entry.description.match(/\d{1,2}(,\d{2})*,\d{3}/g) ?? []) expect(bangla?.description, amount).toContain(banglaDigits(amount));
    }
  });

  it('answers in Bangla when asked with ?lang=bn, in English otherwise, and refuses another language naming lang', async () => {
    const bangla = await harness.app.inject({ method: 'GET', url: '/api/accountsTypes?lang=bn' });
    expect(bangla.statusCode).toBe(200);
    expect(bangla.json().map((entry: { name: string }) => entry.name)).toEqual(['ছাত্র হিসাব', 'সঞ্চয়ী হিসাব', 'চলতি হিসাব', 'স্থায়ী আমানত হিসাব']);
    expect(bangla.json()[1].facilities[0].title).toBe('ব্যালান্সের ওপর মুনাফা');
    expect((await harness.app.inject({ method: 'GET', url: '/api/loans/home?lang=bn' })).json()).toMatchObject({ loanType: 'home', name: 'গৃহঋণ' });
    expect((await harness.app.inject({ method: 'GET', url: '/api/accounts/Fix-Deposit?lang=bn' })).json().name).toBe('স্থায়ী আমানত হিসাব');
    const english = await harness.app.inject({ method: 'GET', url: '/api/accountsTypes?lang=en' });
    expect(english.json()[0].name).toBe('Student Account');
    expect(english.headers.etag).not.toBe(bangla.headers.etag);
    const refused = await harness.app.inject({ method: 'GET', url: '/api/cardsTypes?lang=fr' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.lang).toBe('lang must be en or bn');
  });

  it('gives an entry of an older database its Bangla at the next seed, and keeps its edited English', async () => {
    await harness.database.db.execute(sql`UPDATE catalogue_entry SET bangla = NULL, name = 'Edited Car Loan' WHERE kind = 'loan' AND slug = 'car'`);
    await harness.app.services.catalogue.load();
    // Until then the entry reads in English in either language.
    expect((await harness.app.inject({ method: 'GET', url: '/api/loans/car?lang=bn' })).json().name).toBe('Edited Car Loan');
    await seedCatalogue(harness.database.db, catalogueSeed);
    await harness.app.services.catalogue.load();
    expect((await harness.app.inject({ method: 'GET', url: '/api/loans/car?lang=bn' })).json().name).toBe('গাড়ি ঋণ');
    expect((await harness.app.inject({ method: 'GET', url: '/api/loans/car' })).json().name).toBe('Edited Car Loan');
  });
});
