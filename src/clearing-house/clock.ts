/**
 * The switch's clock for business time (sessions, cut-offs, settlement, when a job is due). It
 * follows the machine's clock shifted by an offset, or stands still at a set instant; tests and the
 * control API move it. Signatures' freshness uses the machine's clock instead: moving business
 * time must not make every participant's messages stale.
 */
export class Clock {
  private offsetMs = 0;
  private frozenAt: number | undefined;

  constructor(start?: { at: Date; frozen?: boolean }) {
    if (start) this.set(start.at, start.frozen ?? false);
  }

  now(): Date {
    return new Date(this.frozenAt ?? Date.now() + this.offsetMs);
  }

  set(at: Date, frozen: boolean): void {
    this.frozenAt = frozen ? at.getTime() : undefined;
    this.offsetMs = frozen ? 0 : at.getTime() - Date.now();
  }

  advance(ms: number): void {
    if (this.frozenAt !== undefined) this.frozenAt += ms;
    else this.offsetMs += ms;
  }

  get frozen(): boolean {
    return this.frozenAt !== undefined;
  }
}
