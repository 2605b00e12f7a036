import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayCloseAnswer } from '../../../shared/schemas/day-close';
import { schema } from '../../db/client';
import { call } from '../../test-support/banking';
import { createTestApp, registerCustomer, signInStaff, type TestApp } from '../../test-support/test-app';
import { dayCloseSteps } from './day-close';

let harness: TestApp;
let maker: string;
let makerId: string;
let checker: string;
let checkerId: string;
let thirdStaff: string;
let customer: string;

async function promoteToStaff(name: string): Promise<{ cookie: string; id: string }> {
  const person = await registerCustomer(harness.app, { name });
  await harness.database.db.update(schema.user).set({ role: 'staff' }).where(eq(schema.user.id, person.userId));
  return { cookie: await signInStaff(harness.app, { email: person.email, password: person.password }), id: person.userId };
}

beforeAll(async () => {
  harness = await createTestApp();
  maker = await signInStaff(harness.app);
  const [first] = await harness.database.db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.role, 'staff'));
  makerId = first?.id ?? '';
  ({ cookie: checker, id: checkerId } = await promoteToStaff('Nasrin Sultana'));
  ({ cookie: thirdStaff } = await promoteToStaff('Rafiq Islam'));
  customer = (await registerCustomer(harness.app, { name: 'Shirin Akter' })).cookie;
});
afterAll(async () => harness.close());

const db = () => harness.database.db;
/** Today's date in Dhaka by the database's clock: a business date that has not ended. */
const dhakaToday = async () => (await db().execute<{ today: string }>(sql`SELECT (now() AT TIME ZONE 'Asia/Dhaka')::date::text AS today`)).rows[0]?.today ?? '';
const dhakaYesterday = async () => (await db().execute<{ day: string }>(sql`SELECT ((now() AT TIME ZONE 'Asia/Dhaka')::date - 1)::text AS day`)).rows[0]?.day ?? '';
const setBusinessDate = (date: string) => db().execute(sql`UPDATE business_date SET business_date = ${date}::date`);
const overview = async (cookie = maker) => (await call(harness.app, 'GET', '/api/staff/day-close', cookie)).json() as DayCloseAnswer;
const requestRun = (cookie = maker) => call(harness.app, 'POST', '/api/staff/day-close/runs', cookie);
const approve = (id: string, cookie = checker) => call(harness.app, 'PUT', `/api/staff/day-close/runs/${id}/approve`, cookie);
const decline = (id: string, cookie = checker) => call(harness.app, 'PUT', `/api/staff/day-close/runs/${id}/decline`, cookie);
const runRows = () => db().select().from(schema.dayCloseRun).orderBy(asc(schema.dayCloseRun.requestedAt));
const auditOf = (id: string) =>
  db().select({ action: schema.auditEvent.action, actor: schema.auditEvent.actorUserId }).from(schema.auditEvent).where(eq(schema.auditEvent.subjectId, id)).orderBy(asc(schema.auditEvent.id));

describe('the staff’s day close', () => {
  it('shows the business date, that it is not due today, and its steps still to run; to staff only', async () => {
    const today = await dhakaToday();
    await setBusinessDate(today);
    const answer = await overview();
    expect(answer).toMatchObject({ businessDate: today, due: false, pendingRun: null, lastRun: null });
    expect(answer.steps.map((step) => [step.step, step.state, step.rows])).toEqual(dayCloseSteps.map((step) => [step.name, 'pending', null]));
    expect((await call(harness.app, 'GET', '/api/staff/day-close', customer)).statusCode).toBe(403);
    expect((await call(harness.app, 'GET', '/api/staff/day-close', undefined)).statusCode).toBe(401);
  });

  it('refuses a run of a date that has not ended in Dhaka, writing nothing', async () => {
    await setBusinessDate(await dhakaToday());
    const refused = await requestRun();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'business_date_not_ended' });
    expect(refused.json().error.message).toContain('has not ended');
    expect(await runRows()).toEqual([]);
    expect((await call(harness.app, 'POST', '/api/staff/day-close/runs', customer)).statusCode).toBe(403);
  });

  it('runs the close once a second staff member approves: never by its maker, once for two approvals at once', async () => {
    const yesterday = await dhakaYesterday();
    await setBusinessDate(yesterday);
    expect((await overview()).due).toBe(true);
    const filed = await requestRun();
    expect(filed.statusCode).toBe(200);
    const run = filed.json() as { id: string; status: string; requestedBy: { id: string } };
    expect(run).toMatchObject({ status: 'pending', requestedBy: { id: makerId } });
    expect((await requestRun(checker)).json().error).toMatchObject({ code: 'run_pending' });

    const own = await approve(run.id, maker);
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toMatchObject({ code: 'second_approver_required', message: 'Another staff member must approve a change you asked for' });
    expect((await overview()).businessDate).toBe(yesterday);

    const [first, second] = await Promise.all([approve(run.id, checker), approve(run.id, thirdStaff)]);
    const codes = [first.statusCode, second.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const won = first.statusCode === 200 ? first : second;
    const lost = first.statusCode === 200 ? second : first;
    expect(lost.json().error).toMatchObject({ code: 'already_decided' });
    expect(won.json()).toMatchObject({ businessDate: await dhakaToday(), run: { status: 'approved', closedDates: [yesterday], requestedBy: { id: makerId } } });

    const done = await db().select().from(schema.dayCloseStepDone).where(eq(schema.dayCloseStepDone.businessDate, yesterday));
    expect(done).toHaveLength(dayCloseSteps.length);
    const actions = (await auditOf(run.id)).map((event) => event.action);
    expect(actions).toEqual(['day_close_run.request', 'day_close_run.approve', 'day_close_run.ran']);
    expect((await auditOf(run.id))[0]?.actor).toBe(makerId);

    const after = await overview(thirdStaff);
    expect(after).toMatchObject({ businessDate: await dhakaToday(), due: false, pendingRun: null, lastRun: { id: run.id, status: 'approved', closedDates: [yesterday] } });
    expect([makerId, checkerId]).toContain(after.lastRun?.requestedBy.id);
    const closed = after.history.find((entry) => entry.businessDate === yesterday);
    expect(closed?.steps.map((step) => step.step)).toEqual(dayCloseSteps.map((step) => step.name));
    expect(closed?.steps.every((step) => step.state === 'done' && step.startedAt !== null && step.finishedAt !== null && step.startedAt <= step.finishedAt)).toBe(true);
    expect(closed?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('refuses an approval once the date has no close due (closed meanwhile), and a decline ends the request', async () => {
    await setBusinessDate(await dhakaYesterday());
    const run = (await requestRun(checker)).json() as { id: string };
    await setBusinessDate(await dhakaToday());
    const refused = await approve(run.id, maker);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'business_date_not_ended' });
    expect((await overview()).pendingRun?.id).toBe(run.id);
    const declined = await decline(run.id, maker);
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ run: { status: 'declined', decidedBy: { id: makerId } } });
    expect((await approve(run.id, thirdStaff)).json().error).toMatchObject({ code: 'already_declined' });
    expect((await approve('not-a-uuid', thirdStaff)).statusCode).toBe(400);
  });
});
