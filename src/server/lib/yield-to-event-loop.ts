/**
 * Lets every request waiting on this process run before the caller carries on. Long work done in
 * slices (drawing a statement of thousands of lines, reading it in batches) calls this between
 * slices, so that no other customer waits longer than one slice. `setImmediate` rather than a
 * resolved promise: a promise's continuation runs before any I/O, so it would give nobody a turn.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
