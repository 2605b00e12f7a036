import { useQuery } from '@tanstack/react-query';
import { trialBalanceAnswerSchema } from '../../../../shared/schemas/trial-balance';
import { apiRequestChecked } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/** GET /api/trialBalance?date=: the bank's ledger as it stood at the end of that Dhaka day. */
export const useTrialBalance = (date: string) =>
  useQuery({
    queryKey: [...dashboardKeys.all, 'trial-balance', date] as const,
    queryFn: ({ signal }) => apiRequestChecked(trialBalanceAnswerSchema, `/api/trialBalance?date=${encodeURIComponent(date)}`, { signal }),
  });
