import { useQuery } from '@tanstack/react-query';
import { dayCloseAnswerSchema, dayCloseDeclinedAnswerSchema, dayCloseRanAnswerSchema, dayCloseRunAnswerSchema } from '../../../../shared/schemas/day-close';
import { apiRequestChecked } from '../../../lib/api-client';
import { idempotencyHeader, newIdempotencyKey } from '../../../lib/settle-operation';
import { dashboardKeys } from './dashboard-keys';

/** GET /api/staff/day-close: the business date, its steps, the recent closed dates, the run waiting. */
export const useDayClose = () =>
  useQuery({
    queryKey: [...dashboardKeys.all, 'day-close'] as const,
    queryFn: ({ signal }) => apiRequestChecked(dayCloseAnswerSchema, '/api/staff/day-close', { signal }),
  });

/** POST /api/staff/day-close/runs: asks for a run, which another member of staff approves. */
export const requestDayCloseRun = () => apiRequestChecked(dayCloseRunAnswerSchema, '/api/staff/day-close/runs', { method: 'POST', body: {}, headers: idempotencyHeader(newIdempotencyKey()) });

const runPath = (id: string, decision: 'approve' | 'decline') => `/api/staff/day-close/runs/${encodeURIComponent(id)}/${decision}`;

/** PUT …/approve: runs the close once approved; the maker's own approval is refused by the server. */
export const approveDayCloseRun = (id: string) => apiRequestChecked(dayCloseRanAnswerSchema, runPath(id, 'approve'), { method: 'PUT', body: {}, headers: idempotencyHeader(newIdempotencyKey()) });

export const declineDayCloseRun = (id: string) => apiRequestChecked(dayCloseDeclinedAnswerSchema, runPath(id, 'decline'), { method: 'PUT', body: {}, headers: idempotencyHeader(newIdempotencyKey()) });
