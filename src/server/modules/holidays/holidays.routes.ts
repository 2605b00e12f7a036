import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { holidayAnswerSchema, holidayDateParams, holidayInputSchema, holidayNamesSchema, holidayYearQuery } from '../../../shared/schemas/holidays';
import type { Database } from '../../db/client';
import { runIdempotent } from '../../lib/idempotency';
import { requireUser } from '../../plugins/access-guard';
import { forgetBankHolidays } from './bank-rails-calendar';
import { toHolidayAnswer } from './holiday-answers';
import { listHolidaysOfYear } from './holidays.repository';
import { addHoliday, correctHoliday, removeHoliday } from './holidays.service';

/**
 * The bank's calendar of public holidays: anyone signed in reads a year of it (a customer is told
 * when money sent to another bank arrives); staff add, correct and remove days. Each change clears
 * this instance's copy of the rails' calendar once it has committed.
 */
export async function holidaysRoutes(instance: FastifyInstance, deps: { db: Database }): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  app.get('/api/holidays', { config: { access: 'customer' }, schema: { querystring: holidayYearQuery, response: { 200: z.array(holidayAnswerSchema) } } }, async (request) => {
    return (await listHolidaysOfYear(db, request.query.year)).map(toHolidayAnswer);
  });

  app.post('/api/holidays', { config: { access: 'staff' }, schema: { body: holidayInputSchema, response: { 200: holidayAnswerSchema } } }, async (request) => {
    const staff = requireUser(request);
    const added = await runIdempotent(db, request, staff.id, async (tx) => toHolidayAnswer(await addHoliday(tx, staff, request.body)));
    forgetBankHolidays(db);
    return added;
  });

  app.put('/api/holidays/:date', { config: { access: 'staff' }, schema: { params: holidayDateParams, body: holidayNamesSchema, response: { 200: holidayAnswerSchema } } }, async (request) => {
    const staff = requireUser(request);
    const corrected = await runIdempotent(db, request, staff.id, async (tx) => toHolidayAnswer(await correctHoliday(tx, staff, request.params.date, request.body)));
    forgetBankHolidays(db);
    return corrected;
  });

  app.delete('/api/holidays/:date', { config: { access: 'staff' }, schema: { params: holidayDateParams, response: { 200: holidayAnswerSchema } } }, async (request) => {
    const staff = requireUser(request);
    const removed = await runIdempotent(db, request, staff.id, async (tx) => toHolidayAnswer(await removeHoliday(tx, staff, request.params.date)));
    forgetBankHolidays(db);
    return removed;
  });
}
