import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEventAnswer } from '../../../../shared/schemas/audit';
import { apiGetWithTotal } from '../../../lib/api-client';
import { dashboardKeys, listQueryString, type ListParams } from './dashboard-keys';

/** GET /api/auditTrail/account/{id}: staff decisions on the account and its cards, loans and deposits. */
export const getAccountAuditTrail = (accountId: string, params: ListParams, signal?: AbortSignal) =>
  apiGetWithTotal<AuditEventAnswer>(`/api/auditTrail/account/${encodeURIComponent(accountId)}?${listQueryString(params)}`, signal);

export const accountAuditTrailQueryOptions = (accountId: string, params: ListParams) =>
  queryOptions({
    queryKey: dashboardKeys.auditTrail(accountId, params),
    queryFn: ({ signal }) => getAccountAuditTrail(accountId, params, signal),
    placeholderData: keepPreviousData,
  });

export const useAccountAuditTrail = (accountId: string, params: ListParams) => useQuery(accountAuditTrailQueryOptions(accountId, params));
