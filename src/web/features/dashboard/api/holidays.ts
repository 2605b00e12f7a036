import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { holidayAnswerSchema, type HolidayAnswer, type HolidayInput, type HolidayNames } from '../../../../shared/schemas/holidays';
import { apiGet, apiRequestChecked } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { dashboardKeys } from './dashboard-keys';

/** GET /api/holidays?year=: one year's holidays in date order. Under `dashboard`, so every change refetches it. */
export const holidaysQueryOptions = (year: number) =>
  queryOptions({
    queryKey: [...dashboardKeys.all, 'holidays', year] as const,
    queryFn: ({ signal }) => apiGet<HolidayAnswer[]>(`/api/holidays?year=${year}`, signal),
    placeholderData: keepPreviousData,
  });
export const useHolidays = (year: number) => useQuery(holidaysQueryOptions(year));

const holidayPath = (date: string) => `/api/holidays/${encodeURIComponent(date)}`;

/** POST /api/holidays: one send of a new holiday, with the key its confirm step made. */
export const sendNewHoliday = (holiday: HolidayInput, idempotencyKey: string) =>
  apiRequestChecked(holidayAnswerSchema, '/api/holidays', { method: 'POST', body: holiday, headers: idempotencyHeader(idempotencyKey) });

/** PUT /api/holidays/{date}: new names, or the date confirmed. */
export const sendHolidayCorrection = (date: string, names: HolidayNames, idempotencyKey: string) =>
  apiRequestChecked(holidayAnswerSchema, holidayPath(date), { method: 'PUT', body: names, headers: idempotencyHeader(idempotencyKey) });

/** DELETE /api/holidays/{date}. */
export const sendHolidayRemoval = (date: string, idempotencyKey: string) => apiRequestChecked(holidayAnswerSchema, holidayPath(date), { method: 'DELETE', headers: idempotencyHeader(idempotencyKey) });
