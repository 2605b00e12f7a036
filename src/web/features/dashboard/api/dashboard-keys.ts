import { useQueryClient } from '@tanstack/react-query';
import type { DeclineInput } from '../../../../shared/schemas/decline';
import { invalidateAccounts } from '../../../lib/account-queries';

/** One page of a staff list: the server filters by status and search (`q`) and pages with limit and offset. */
export type ListParams = { status?: string | undefined; q?: string | undefined; limit: number; offset: number };

/** Every dashboard query lives under `dashboard`, so one invalidation refetches every list after an action. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  list: (name: string, params: ListParams) => [...dashboardKeys.all, name, params] as const,
  auditTrail: (id: string, params: ListParams) => [...dashboardKeys.all, 'audit-trail', id, params] as const,
};

/** A staff decision on one item, sent with the key its confirm dialog made (one key per confirmed decision). */
export type StaffDecision = { id: string; idempotencyKey: string };

/** A decline: the reason from the shared list and the note, chosen in the confirm dialog (absent for a card's cancel). */
export type StaffDecline = StaffDecision & { decline?: DeclineInput | undefined };

export function listQueryString(params: ListParams): string {
  const query = new URLSearchParams({ limit: String(params.limit), offset: String(params.offset) });
  if (params.status) query.set('status', params.status);
  if (params.q) query.set('q', params.q);
  return query.toString();
}

/** After a successful action: refetch the lists and the accounts' details (spec section 4), and wait for it. */
export function useRefreshDashboard(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: dashboardKeys.all }), invalidateAccounts(queryClient)]);
  };
}
