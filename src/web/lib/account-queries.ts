import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import type * as BankingAnswerSchemas from '../../shared/schemas/banking-answers';
import type { AccountAnswer, StatementAnswer } from '../../shared/schemas/banking-answers';
import type { StatementRange, StatementRangeAnswer } from '../../shared/schemas/statements';
import { apiRequestChecked } from './api-client';
import { currentLanguage } from './i18n';

/**
 * One account and its statement, read the same way by the customer's screens and the staff's:
 * the server decides who may read which account, so both sides share one fetcher, one cache entry
 * per account and one page size.
 */
export const accountKeys = {
  all: ['account'] as const,
  account: (id: string) => [...accountKeys.all, id] as const,
  statement: (id: string) => [...accountKeys.all, id, 'statement'] as const,
};

/**
 * One of the banking answers' schemas, loaded beside the answer it checks: what a customer reads of
 * their money (balances, statement lines, loans, deposits) is read through the schema the server
 * answers with (record 068), and zod stays out of the first screen, which imports this module.
 */
export const bankingAnswer =
  <Name extends keyof typeof BankingAnswerSchemas>(name: Name) =>
  () =>
    import('../../shared/schemas/banking-answers').then((schemas) => schemas[name]);

/** GET /api/singleAccDetails/{id}: the customer's own account, or any account for staff. */
export const getAccount = (id: string, signal?: AbortSignal): Promise<AccountAnswer> =>
  apiRequestChecked(bankingAnswer('accountAnswerSchema'), `/api/singleAccDetails/${encodeURIComponent(id)}`, { signal });

export const accountQuery = (id: string) => queryOptions({ queryKey: accountKeys.account(id), queryFn: ({ signal }) => getAccount(id, signal) });
export const useAccount = (id: string) => useQuery(accountQuery(id));

/** Statement lines a page; the server allows up to `statementPageSizeMax`. */
export const statementPageSize = 50;

/** GET /api/accountStatement/{id}: newest lines first; `before` continues with older ones. */
export const getStatementPage = (id: string, before: string | null, signal?: AbortSignal): Promise<StatementAnswer> => {
  const query = new URLSearchParams({ limit: String(statementPageSize) });
  if (before) query.set('before', before);
  return apiRequestChecked(bankingAnswer('statementAnswerSchema'), `/api/accountStatement/${encodeURIComponent(id)}?${query.toString()}`, { signal });
};

/** Each page names the line the next, older one starts before. */
export const statementQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: accountKeys.statement(id),
    queryFn: ({ pageParam, signal }) => getStatementPage(id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextBefore,
  });
export const useStatement = (id: string) => useInfiniteQuery(statementQuery(id));

/** After money moved or a decision was taken: every account and statement read so far is stale. */
export const invalidateAccounts = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: accountKeys.all });

// The statement for a period lives here with the account's other reads rather than in a module of
// its own: every lazy chunk's file name is listed in the entry script, whose size is budgeted.

/** Lines a page of a period's statement; the server allows up to `statementPageSizeMax`. */
export const statementRangePageSize = 50;

const rangeQuery = (range: StatementRange) => new URLSearchParams({ from: range.from, to: range.to });
const statementPath = (accountId: string) => `/api/accountStatement/${encodeURIComponent(accountId)}/range`;

/** GET /api/accountStatement/{id}/range: the period's figures and its lines, oldest first; `after` continues. */
export const getStatementRangePage = (accountId: string, range: StatementRange, after: string | null, signal?: AbortSignal): Promise<StatementRangeAnswer> => {
  const query = rangeQuery(range);
  query.set('limit', String(statementRangePageSize));
  if (after) query.set('after', after);
  return apiRequestChecked(() => import('../../shared/schemas/statements').then((schemas) => schemas.statementRangeAnswerSchema), `${statementPath(accountId)}?${query.toString()}`, { signal });
};

/** Kept under the account's key, so that money moving (which invalidates every account) refreshes it too. */
export const statementRangeQuery = (accountId: string, range: StatementRange) =>
  infiniteQueryOptions({
    queryKey: [...accountKeys.account(accountId), 'statement-range', range.from, range.to] as const,
    queryFn: ({ pageParam, signal }) => getStatementRangePage(accountId, range, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextAfter,
  });
export const useStatementRange = (accountId: string, range: StatementRange) => useInfiniteQuery(statementRangeQuery(accountId, range));

/** Where the browser downloads the period as a file: the server sends it as an attachment. */
export const statementFileUrl = (accountId: string, range: StatementRange, format: 'csv' | 'pdf') => {
  const query = rangeQuery(range);
  query.set('language', currentLanguage());
  return `${statementPath(accountId)}/${format}?${query.toString()}`;
};

/** A transfer's receipt as PDF, for its sender or its receiver. */
export const transferReceiptUrl = (entryId: string) => `/api/transferReceipt/${encodeURIComponent(entryId)}/pdf?language=${currentLanguage()}`;
