import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AccountAnswer, StatementAnswer } from '../../../../shared/schemas/banking-answers';
import { apiGet, apiPost } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';

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

export const statementPageSize = 50;

/** Newest lines first, fifty at a time; each page names the line the next, older one starts before. */
export const statementQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: bankingKeys.statement(id),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(statementPageSize) });
      if (pageParam) query.set('before', pageParam);
      return apiGet<StatementAnswer>(`/api/accountStatement/${encodeURIComponent(id)}?${query.toString()}`, signal);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextBefore,
  });
export const useStatement = (id: string) => useInfiniteQuery(statementQuery(id));

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

/** One send of an account request; the answer's `insertedId` is the new account's number. */
export const sendAccountRequest = (payload: AccountRequestPayload, idempotencyKey: string) =>
  apiPost<{ acknowledged: true; insertedId: string }>('/api/requestedUsers', { ...payload, status: 'pending', card: 'blank', amount: 0 }, idempotencyHeader(idempotencyKey));
