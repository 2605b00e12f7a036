import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DepositAnswer } from '../../../../shared/schemas/banking-answers';
import { apiGet } from '../../../lib/api-client';
import { bankingKeys } from './accounts';

/** The customer's deposit requests, decided or not: a waiting one shows beside its account's balance. */
export const myDepositsQuery = () => queryOptions({ queryKey: [...bankingKeys.all, 'deposits'] as const, queryFn: ({ signal }) => apiGet<DepositAnswer[]>('/api/myDeposits', signal) });
export const useMyDeposits = () => useQuery(myDepositsQuery());
