import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DpsListEntry } from '../../../../shared/schemas/deposit-schemes';
import type { FdrAnswer } from '../../../../shared/schemas/fixed-deposits';
import { apiGetWithTotal, type PageWithTotal } from '../../../lib/api-client';
import { dashboardKeys, listQueryString, type ListParams } from './dashboard-keys';

/** GET /api/staff/fdr: every customer's FDRs, newest first, by status and account number, reference or holder's name (staff). */
export const getStaffFdrs = (params: ListParams, signal?: AbortSignal): Promise<PageWithTotal<FdrAnswer>> => apiGetWithTotal<FdrAnswer>(`/api/staff/fdr?${listQueryString(params)}`, signal);

export const staffFdrsQueryOptions = (params: ListParams) =>
  queryOptions({ queryKey: dashboardKeys.list('fdr', params), queryFn: ({ signal }) => getStaffFdrs(params, signal), placeholderData: keepPreviousData });

export const useStaffFdrs = (params: ListParams) => useQuery(staffFdrsQueryOptions(params));

/** GET /api/staff/dps: every customer's DPS schemes, searched as the FDRs are (staff). */
export const getStaffDps = (params: ListParams, signal?: AbortSignal): Promise<PageWithTotal<DpsListEntry>> => apiGetWithTotal<DpsListEntry>(`/api/staff/dps?${listQueryString(params)}`, signal);

export const staffDpsQueryOptions = (params: ListParams) =>
  queryOptions({ queryKey: dashboardKeys.list('dps', params), queryFn: ({ signal }) => getStaffDps(params, signal), placeholderData: keepPreviousData });

export const useStaffDps = (params: ListParams) => useQuery(staffDpsQueryOptions(params));
