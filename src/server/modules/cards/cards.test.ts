import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveAccount, call, declineBody, requestAccount, type Customer } from '../../test-support/banking';
import { createTestApp, registerCustomer, signInStaff, type TestApp } from '../../test-support/test-app';

let harness: TestApp;
let staff: string;
let alice: Customer;
let bob: Customer;
let aliceAccount: string;

beforeAll(async () => {
  harness = await createTestApp();
  staff = await signInStaff(harness.app);
  alice = await registerCustomer(harness.app);
  bob = await registerCustomer(harness.app);
  aliceAccount = await requestAccount(harness.app, alice, { user: 'Alice Rahman' });
  await approveAccount(harness.app, staff, aliceAccount);
});
afterAll(async () => harness.close());

const requestCard = (cookie: string | undefined, body: Record<string, unknown>) => call(harness.app, 'POST', '/api/cardsReq', cookie, body);

describe('cards', () => {
  it('requests, issues with only four digits, draws the card, and allows one open card per account', async () => {
    const response = await requestCard(alice.cookie, { card: 'Debit Card', accNum: aliceAccount, name: 'ignored', status: 'success' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ acknowledged: true, insertedId: expect.any(String) });
    const cardId = response.json().insertedId;
    expect((await requestCard(alice.cookie, { card: 'credit', accNum: aliceAccount })).statusCode).toBe(409);
    const account = (await call(harness.app, 'GET', `/api/singleAccDetails/${aliceAccount}`, alice.cookie)).json();
    expect(account).toMatchObject({ cards: 'pending', cardStatus: 'pending', card: 'debit' });

    const wrongType = await call(harness.app, 'PUT', '/api/dashCardCredit', staff, { id: cardId });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.fields).toEqual({ card: 'This is a debit card request' });
    expect((await call(harness.app, 'PUT', '/api/dashCardDebit', staff, { id: cardId, accNum: aliceAccount, card: 'debit' })).statusCode).toBe(200);
    expect((await call(harness.app, 'PUT', '/api/dashCardDebit', staff, { id: cardId })).statusCode).toBe(409);

    const cards = (await call(harness.app, 'GET', '/api/userCards', alice.cookie)).json();
    expect(cards[0]).toMatchObject({ _id: cardId, status: 'success', name: 'Alice Rahman', card: 'debit', cards: `/api/cardImages/${cardId}` });
    expect(cards[0].lastFour).toMatch(/^\d{4}$/);
    const issued = (await call(harness.app, 'GET', `/api/singleAccDetails/${aliceAccount}`, alice.cookie)).json();
    expect(issued).toMatchObject({ cardStatus: 'success', cards: `/api/cardImages/${cardId}` });

    const image = await call(harness.app, 'GET', `/api/cardImages/${cardId}`, alice.cookie);
    expect(image.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(image.body).toContain(`•••• •••• •••• ${cards[0].lastFour}`);
    expect(image.body).toContain('ALICE RAHMAN');
    expect((await call(harness.app, 'GET', `/api/cardImages/${cardId}`, bob.cookie)).statusCode).toBe(404);

    const cancelled = await call(harness.app, 'DELETE', '/api/dashCardDelete', staff, { id: cardId, accNum: aliceAccount });
    expect(cancelled.json()).toEqual({ acknowledged: true, deletedCount: 1, outcome: 'cancelled' });
    const next = await requestCard(alice.cookie, { card: 'credit', accNum: aliceAccount });
    expect(next.statusCode).toBe(200);
    const declined = await call(harness.app, 'DELETE', '/api/dashCardDelete', staff, { id: next.json().insertedId, ...declineBody });
    expect(declined.json().outcome).toBe('declined');
  });

  it('refuses bad input, another customer’s account and no session', async () => {
    expect((await requestCard(alice.cookie, { card: 'platinum', accNum: aliceAccount })).json().error.fields.card).toBe('Please select the Card Type');
    expect((await requestCard(alice.cookie, { accNum: aliceAccount })).statusCode).toBe(400);
    expect((await requestCard(bob.cookie, { card: 'debit', accNum: aliceAccount })).statusCode).toBe(404);
    expect((await requestCard(undefined, { card: 'debit', accNum: aliceAccount })).statusCode).toBe(401);
    expect((await call(harness.app, 'GET', '/api/dashCardReq', alice.cookie)).statusCode).toBe(403);
    const list = await call(harness.app, 'GET', '/api/dashCardReq?status=declined', staff);
    expect(list.json().length).toBeGreaterThan(0);
  });
});
