import { focusManager, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionQueryKey } from '../../lib/session';
import { bankingKeys } from '../../features/banking/api/accounts';
import { unreadCountQuery } from '../../features/notifications/api/unread-count';
import { accountKeys } from '../../lib/account-queries';
import { keepLastKnown, readLastKnown } from '../../lib/last-known';
import { sessionEndsAt, subscribeToSessionDeadline } from '../../lib/session-deadline';
import type { AccountAnswer } from '../../../shared/schemas/banking-answers';
import type { SessionUser } from '../../../shared/schemas/auth';

const sameKey = (query: Query, key: readonly unknown[]) => JSON.stringify(query.queryKey) === JSON.stringify(key);

/** Money may have moved without this page doing it (staff credited a deposit, someone sent money). */
const refreshMoney = (queryClient: QueryClient) => Promise.all([queryClient.invalidateQueries({ queryKey: bankingKeys.all }), queryClient.invalidateQueries({ queryKey: accountKeys.all })]);

/** Keeps the signed-in customer and their accounts for the offline view, for as long as their session may last. */
function keepForOffline(queryClient: QueryClient): void {
  const user = queryClient.getQueryData<SessionUser | null>(sessionQueryKey);
  const endsAt = sessionEndsAt();
  if (!user || endsAt === null) return;
  const accounts = queryClient.getQueryState<AccountAnswer[]>(bankingKeys.accounts());
  const earlier = readLastKnown();
  const sameUser = earlier?.user.id === user.id;
  keepLastKnown({
    user,
    endsAt,
    accounts: accounts?.data ?? (sameUser ? earlier.accounts : undefined),
    accountsAt: accounts?.data ? accounts.dataUpdatedAt : sameUser ? earlier.accountsAt : undefined,
  });
}

/**
 * Mounted for a signed-in customer only (the layout loads it beside the bottom bar). Balances are
 * asked again when the customer comes back to the window (focus or the tab shown again: the query
 * client asks money queries again on every return, see lib/query-client.ts) and when a new
 * notification arrives, which is how a deposit staff credited makes itself known; and what the
 * customer last saw is kept for the offline view.
 */
export function MoneyFreshness() {
  const queryClient = useQueryClient();
  useEffect(() => {
    // The query client's own listener hears only the tab being shown again; a window clicked back
    // into beside another one is a return too.
    focusManager.setEventListener((handleFocus) => {
      const listener = () => handleFocus();
      window.addEventListener('visibilitychange', listener);
      window.addEventListener('focus', listener);
      return () => {
        window.removeEventListener('visibilitychange', listener);
        window.removeEventListener('focus', listener);
      };
    });
    let unreadBefore = queryClient.getQueryData<{ unread: number }>(unreadCountQuery().queryKey)?.unread;
    keepForOffline(queryClient);
    const stopWatchingCache = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const { query } = event;
      if (sameKey(query, unreadCountQuery().queryKey)) {
        const unread = (query.state.data as { unread: number } | undefined)?.unread;
        if (unread !== undefined && unreadBefore !== undefined && unread > unreadBefore) void refreshMoney(queryClient);
        unreadBefore = unread;
      } else if (sameKey(query, sessionQueryKey) || sameKey(query, bankingKeys.accounts())) {
        keepForOffline(queryClient);
      }
    });
    const stopWatchingDeadline = subscribeToSessionDeadline(() => keepForOffline(queryClient));
    return () => {
      stopWatchingCache();
      stopWatchingDeadline();
    };
  }, [queryClient]);
  return null;
}
