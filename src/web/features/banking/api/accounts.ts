import { queryOptions, useQuery } from '@tanstack/react-query';
import { bankingAnswer } from '../../../lib/account-queries';
import { apiRequestChecked } from '../../../lib/api-client';

export const bankingKeys = {
  all: ['banking'] as const,
  accounts: () => [...bankingKeys.all, 'accounts'] as const,
  loans: () => [...bankingKeys.all, 'loans'] as const,
  loan: (id: string) => [...bankingKeys.all, 'loan', id] as const,
  cards: () => [...bankingKeys.all, 'cards'] as const,
};

export const myAccountsQuery = () =>
  queryOptions({ queryKey: bankingKeys.accounts(), queryFn: ({ signal }) => apiRequestChecked(bankingAnswer('accountListAnswerSchema'), '/api/userAccount', { signal }) });
export const useMyAccounts = () => useQuery(myAccountsQuery());
