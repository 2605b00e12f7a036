import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaxIdentityAnswer } from '../../../../shared/schemas/tax-identity';
import { apiGet, apiPut, apiRequest } from '../../../lib/api-client';

const taxIdentityQuery = queryOptions({
  queryKey: ['taxIdentity'],
  queryFn: ({ signal }) => apiGet<TaxIdentityAnswer>('/api/me/tin', signal),
});

/** The customer's TIN, masked to its last four digits, or null. */
export const useTaxIdentity = (enabled: boolean) => useQuery({ ...taxIdentityQuery, enabled });
export const taxIdentityQueryKey = taxIdentityQuery.queryKey;

export const saveTin = (tin: string) => apiPut<TaxIdentityAnswer>('/api/me/tin', { tin });
export const removeTin = () => apiRequest<{ acknowledged: true; removed: boolean }>('/api/me/tin', { method: 'DELETE' });
