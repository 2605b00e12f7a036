import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountAnswer, StatementAnswer } from '../../../../shared/schemas/banking-answers';
import { apiGet, apiPost } from '../../../lib/api-client';

export const bankingKeys = {
  all: ['banking'] as const,
  accounts: () => [...bankingKeys.all, 'accounts'] as const,
  account: (id: string) => [...bankingKeys.all, 'account', id] as const,
  statement: (id: string) => [...bankingKeys.all, 'statement', id] as const,
  loans: () => [...bankingKeys.all, 'loans'] as const,
  loan: (id: string) => [...bankingKeys.all, 'loan', id] as const,
  cards: () => [...bankingKeys.all, 'cards'] as const,
};

export const myAccountsQuery = () => queryOptions({ queryKey: bankingKeys.accounts(), queryFn: ({ signal }) => apiGet<AccountAnswer[]>('/api/userAccount', signal) });
export const useMyAccounts = () => useQuery(myAccountsQuery());

export const accountQuery = (id: string) =>
  queryOptions({ queryKey: bankingKeys.account(id), queryFn: ({ signal }) => apiGet<AccountAnswer>(`/api/singleAccDetails/${encodeURIComponent(id)}`, signal) });
export const useAccount = (id: string) => useQuery(accountQuery(id));

export const statementQuery = (id: string) =>
  queryOptions({ queryKey: bankingKeys.statement(id), queryFn: ({ signal }) => apiGet<StatementAnswer>(`/api/accountStatement/${encodeURIComponent(id)}?limit=50`, signal) });
export const useStatement = (id: string) => useQuery(statementQuery(id));

export type AccountRequestPayload = {
  role: string;
  user: string;
  email: string;
  phone: string;
  img: string;
  gender: string;
  residentialArea: string;
  permanentArea: string;
  nid: string;
  nomineeName: string;
  nomineeId: string;
  nomineeRelation: string;
  birthDate: string;
};

export function useRequestAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: AccountRequestPayload) =>
      apiPost<{ acknowledged: true; insertedId: string }>('/api/requestedUsers', { ...payload, status: 'pending', card: 'blank', amount: 0 }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankingKeys.all }),
  });
}
