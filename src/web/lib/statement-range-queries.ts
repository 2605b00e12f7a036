import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { StatementRange, StatementRangeAnswer } from '../../shared/schemas/statements';
import { accountKeys } from './account-queries';
import { apiGet } from './api-client';

/** Lines a page of a period's statement; the server allows up to `statementPageSizeMax`. */
export const statementRangePageSize = 50;

const rangeQuery = (range: StatementRange) => new URLSearchParams({ from: range.from, to: range.to });
const statementPath = (accountId: string) => `/api/accountStatement/${encodeURIComponent(accountId)}/range`;

/** GET /api/accountStatement/{id}/range: the period's figures and its lines, oldest first; `after` continues. */
export const getStatementRangePage = (accountId: string, range: StatementRange, after: string | null, signal?: AbortSignal) => {
  const query = rangeQuery(range);
  query.set('limit', String(statementRangePageSize));
  if (after) query.set('after', after);
  return apiGet<StatementRangeAnswer>(`${statementPath(accountId)}?${query.toString()}`, signal);
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
export const statementFileUrl = (accountId: string, range: StatementRange, format: 'csv' | 'pdf') => `${statementPath(accountId)}/${format}?${rangeQuery(range).toString()}`;

/** A transfer's receipt as PDF, for its sender or its receiver. */
export const transferReceiptUrl = (entryId: string) => `/api/transferReceipt/${encodeURIComponent(entryId)}/pdf`;
