/**
 * How long one instance may go on trusting a session it has checked. Signing out, or staff
 * disabling a user, takes effect on every instance within this time without any message between
 * them; on the instance that did it, at once.
 */
export const sessionCacheTtlMs = 1_000;
/** Bounds the memory a flood of distinct sessions can take: about 300 bytes each. */
export const sessionCacheEntriesMax = 10_000;

type Entry<Value> = { value: Value; expiresAt: number };

/**
 * The signed-in user behind a request's cookie header, kept for a second so that a customer's
 * burst of requests costs one session lookup in the database instead of one each. Keyed by the
 * whole cookie header, which carries the signed session token: two headers never share an
 * entry unless they carry the same session.
 */
export class SessionCache<Value extends { user: { id: string } }> {
  private readonly entries = new Map<string, Entry<Value>>();

  constructor(
    private readonly ttlMs = sessionCacheTtlMs,
    private readonly entriesMax = sessionCacheEntriesMax,
    private readonly now: () => number = Date.now,
  ) {}

  get(cookieHeader: string): Value | undefined {
    const entry = this.entries.get(cookieHeader);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(cookieHeader);
      return undefined;
    }
    return entry.value;
  }

  set(cookieHeader: string, value: Value): void {
    this.entries.delete(cookieHeader);
    if (this.entries.size >= this.entriesMax) {
      // A Map iterates in insertion order: the first entry is the oldest.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(cookieHeader, { value, expiresAt: this.now() + this.ttlMs });
  }

  forgetCookie(cookieHeader: string | undefined): void {
    if (cookieHeader !== undefined) this.entries.delete(cookieHeader);
  }

  forgetUser(userId: string): void {
    for (const [cookieHeader, entry] of this.entries) if (entry.value.user.id === userId) this.entries.delete(cookieHeader);
  }

  get size(): number {
    return this.entries.size;
  }
}
