import { queryOptions, useQuery } from '@tanstack/react-query';
import { bankingAnswer } from '../../../lib/account-queries';
import { apiRequestChecked } from '../../../lib/api-client';
import { bankingKeys } from './accounts';

/** The customer's deposit requests, decided or not: a waiting one shows beside its account's balance. */
export const myDepositsQuery = () =>
  queryOptions({ queryKey: [...bankingKeys.all, 'deposits'] as const, queryFn: ({ signal }) => apiRequestChecked(bankingAnswer('depositListAnswerSchema'), '/api/myDeposits', { signal }) });
export const useMyDeposits = () => useQuery(myDepositsQuery());
