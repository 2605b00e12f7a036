import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PendingCounts } from '../../../../shared/schemas/staff-queue';
import { apiGet } from '../../../lib/api-client';

/** Long enough to cost nothing, short enough that a colleague's decisions show within the minute. */
const pendingCountsRefreshMs = 30_000;

/**
 * GET /api/pendingCounts: how many requests of each kind wait for staff. Its key is under
 * `dashboardKeys.all` (written out: the navigation loads without the lists' code), so every
 * decision refetches it with the lists.
 */
export const pendingCountsQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard', 'pending-counts'], queryFn: ({ signal }) => apiGet<PendingCounts>('/api/pendingCounts', signal), refetchInterval: pendingCountsRefreshMs });

export const usePendingCounts = () => useQuery(pendingCountsQueryOptions());
