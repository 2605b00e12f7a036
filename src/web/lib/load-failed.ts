type QueryProgress = { isError: boolean; isPending: boolean; failureCount: number };

/**
 * A load has failed as soon as its first attempt has: the page says so at once, with a Retry,
 * while the query client keeps retrying quietly behind it (its back-off takes many seconds, and
 * a spinner that long on a bad link reads as a hung app). A later success replaces the message.
 */
export function hasLoadFailed(query: QueryProgress): boolean {
  return query.isError || (query.isPending && query.failureCount > 0);
}
