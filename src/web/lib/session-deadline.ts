// When the signed-in session ends if nothing else happens, as the server last said: every answer
// to a signed-in request carries the seconds it has left (header `session-ends-in`). Counting
// from the server's figure, not from the browser's own guess, the warning comes before the end
// whatever the two clocks say.

type Listener = () => void;

let endsAt: number | null = null;
const listeners = new Set<Listener>();

/** Records the server's "seconds left" from an answer, or forgets the deadline on sign-out (null). */
export function noteSessionEndsIn(seconds: number | null): void {
  const next = seconds === null ? null : Date.now() + seconds * 1000;
  if (next === endsAt) return;
  endsAt = next;
  for (const listener of listeners) listener();
}

export function sessionEndsAt(): number | null {
  return endsAt;
}

export function subscribeToSessionDeadline(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
