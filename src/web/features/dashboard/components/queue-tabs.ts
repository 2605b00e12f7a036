import type { PendingCounts, QueueKind } from '../../../../shared/schemas/staff-queue';

/** The dashboard's tab of each kind of request that waits for staff, in the navigation's order. */
export const queueTabs: ReadonlyArray<{ kind: QueueKind; path: string }> = [
  { kind: 'account', path: '/dashboard' },
  { kind: 'card', path: '/dashboard/cardRequest' },
  { kind: 'loan', path: '/dashboard/loanRequest' },
  { kind: 'deposit', path: '/dashboard/DepositRequest' },
];

/** The address of a tab's waiting requests (`waitingStatus` of `use-list-page.ts`). */
export const waitingSearch = '?status=pending';

/** Where the dashboard opens when accounts have nothing waiting: the first tab where something does, if any. */
export function firstWaitingElsewhere(counts: PendingCounts): string | undefined {
  if (counts.account > 0) return undefined;
  const tab = queueTabs.find((candidate) => counts[candidate.kind] > 0);
  return tab ? `${tab.path}${waitingSearch}` : undefined;
}

const rememberedPrefix = 'dashboard-list:';

/** A tab's filter, search and page as it was last seen in this browser tab (it survives a reload, not the tab). */
export function rememberedSearch(path: string): string | null {
  try {
    return window.sessionStorage.getItem(`${rememberedPrefix}${path.toLowerCase()}`);
  } catch {
    return null;
  }
}

export function rememberSearch(path: string, search: string): void {
  try {
    window.sessionStorage.setItem(`${rememberedPrefix}${path.toLowerCase()}`, search);
  } catch {
    // Storage refused (a private window's quota): the tab then opens on its default filter.
  }
}
