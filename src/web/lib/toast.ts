import { useSyncExternalStore } from 'react';

/**
 * The page toasts (success and error), with the toast library fetched the first time there is
 * something to say rather than with every page: most visits never raise one, and a visitor's page
 * is held to its script budget (docs/decisions/010-front-end-budget.md). The toast waits in the
 * library's own store until the toaster, mounted from then on by `useToastsWanted`, shows it.
 */
let wanted = false;
const listeners = new Set<() => void>();

function say(kind: 'success' | 'error', message: string): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void import('react-hot-toast').then(({ default: library }) => library[kind](message));
}

export const toast = {
  success: (message: string) => say('success', message),
  error: (message: string) => say('error', message),
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a toast has been raised yet in this page's life: the toaster is mounted from then on. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
}
