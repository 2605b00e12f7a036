import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../db/client';
import { createTestApp, registerCustomer, testPublicUrl, type TestApp } from '../../test-support/test-app';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(async () => {
  await harness.close();
});

const headersOf = (cookie: string) => ({ cookie, origin: testPublicUrl });
const putTin = (cookie: string, payload: unknown) => harness.app.inject({ method: 'PUT', url: '/api/me/tin', payload: payload as Record<string, unknown>, headers: headersOf(cookie) });
const getTin = (cookie: string) => harness.app.inject({ method: 'GET', url: '/api/me/tin', headers: headersOf(cookie) });
const deleteTin = (cookie: string) => harness.app.inject({ method: 'DELETE', url: '/api/me/tin', headers: headersOf(cookie) });

async function storedTin(userId: string): Promise<string | undefined> {
  const [row] = await harness.database.db.select({ tin: schema.customerTaxIdentity.tin }).from(schema.customerTaxIdentity).where(eq(schema.customerTaxIdentity.userId, userId));
  return row?.tin;
}

const tinAuditOf = (userId: string) =>
  harness.database.db
    .select({ action: schema.auditEvent.action, actor: schema.auditEvent.actorUserId, detail: schema.auditEvent.detail })
    .from(schema.auditEvent)
    .where(and(eq(schema.auditEvent.subjectId, userId), like(schema.auditEvent.action, 'user.tin%')))
    .orderBy(schema.auditEvent.id);

describe('the customer’s TIN', () => {
  it('is added, changed and removed by its customer, stored as ASCII digits, shown masked and audited masked', async () => {
    const customer = await registerCustomer(harness.app);
    expect((await getTin(customer.cookie)).json()).toEqual({ tin: null });

    const added = await putTin(customer.cookie, { tin: '১২৩৪ ৫৬৭৮ ৯০১২' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().tin).toEqual({ masked: '•••• •••• 9012', recordedAt: expect.any(String) });
    expect(await storedTin(customer.userId)).toBe('123456789012');
    expect(added.body).not.toContain('12345678');

    // The same TIN again writes nothing more.
    expect((await putTin(customer.cookie, { tin: '123456789012' })).statusCode).toBe(200);
    expect(await tinAuditOf(customer.userId)).toHaveLength(1);

    const changed = await putTin(customer.cookie, { tin: '2109-8765-4321' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().tin.masked).toBe('•••• •••• 4321');
    expect(await storedTin(customer.userId)).toBe('210987654321');
    expect((await getTin(customer.cookie)).json().tin.masked).toBe('•••• •••• 4321');

    const removed = await deleteTin(customer.cookie);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ acknowledged: true, removed: true });
    expect(await storedTin(customer.userId)).toBeUndefined();
    expect((await getTin(customer.cookie)).json()).toEqual({ tin: null });
    expect((await deleteTin(customer.cookie)).json()).toEqual({ acknowledged: true, removed: false });

    const audit = await tinAuditOf(customer.userId);
    expect(audit.map((event) => [event.action, event.actor, event.detail])).toEqual([
      ['user.tin_added', customer.userId, { before: null, after: '•••• •••• 9012' }],
      ['user.tin_change', customer.userId, { before: '•••• •••• 9012', after: '•••• •••• 4321' }],
      ['user.tin_removed', customer.userId, { before: '•••• •••• 4321', after: null }],
    ]);
  });

  it('refuses a TIN that is not twelve digits with 400 naming the field, writing nothing', async () => {
    const customer = await registerCustomer(harness.app);
    expect((await putTin(customer.cookie, { tin: '111122223333' })).statusCode).toBe(200);
    for (const payload of [{ tin: '12345678901' }, { tin: '1234567890123' }, { tin: '12345678901a' }, { tin: '' }, { tin: 123456789012 }, {}, { tin: null }]) {
      const refused = await putTin(customer.cookie, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().error.fields.tin, JSON.stringify(payload)).toMatch(/TIN/);
    }
    expect(await storedTin(customer.userId)).toBe('111122223333');
    expect(await tinAuditOf(customer.userId)).toHaveLength(1);
  });

  it('is each customer’s own: another customer neither sees nor changes it, and a visitor gets 401', async () => {
    const owner = await registerCustomer(harness.app);
    const other = await registerCustomer(harness.app);
    expect((await putTin(owner.cookie, { tin: '999988887777' })).statusCode).toBe(200);
    expect((await getTin(other.cookie)).json()).toEqual({ tin: null });
    expect((await deleteTin(other.cookie)).json().removed).toBe(false);
    expect(await storedTin(owner.userId)).toBe('999988887777');
    expect((await getTin('')).statusCode).toBe(401);
    expect((await putTin('', { tin: '999988887777' })).statusCode).toBe(401);
    expect((await deleteTin('')).statusCode).toBe(401);
  });

  it('is refused by the database in any other form, even written past the API', async () => {
    const customer = await registerCustomer(harness.app);
    await expect(harness.database.db.insert(schema.customerTaxIdentity).values({ userId: customer.userId, tin: '১২৩৪৫৬৭৮৯০১২' })).rejects.toThrow();
  });
});
