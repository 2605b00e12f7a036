import type { Rail } from '../shared/bank-directory';
import type { ReasonCode } from './protocol/messages';

/**
 * Faults set through the control API, each for the next `count` outward payments (of one rail when
 * `rail` is given), except `duplicate`, which doubles the next `count` deliveries to a participant,
 * and `down`, which refuses everything until a moment of the machine's clock.
 */
export type FaultRule =
  | { kind: 'delay'; ms: number }
  | { kind: 'timeout' }
  | { kind: 'reject'; reason: ReasonCode; text?: string }
  | { kind: 'return-later'; reason: ReasonCode; afterSeconds: number }
  | { kind: 'duplicate' }
  | { kind: 'out-of-order' };

export type Fault = FaultRule & { count: number; rail?: Rail };

export class Faults {
  private armed: Fault[] = [];
  private downUntilMs = 0;

  add(fault: Fault): void {
    this.armed.push({ ...fault });
  }

  goDown(seconds: number): void {
    this.downUntilMs = Date.now() + seconds * 1000;
  }

  isDown(): boolean {
    return Date.now() < this.downUntilMs;
  }

  clear(): void {
    this.armed = [];
    this.downUntilMs = 0;
  }

  list(): readonly Fault[] {
    return this.armed;
  }

  /** The payment faults that apply to one outward payment, each used up by one. */
  takeForPayment(rail: Rail): FaultRule[] {
    return this.take((fault) => fault.kind !== 'duplicate' && (fault.rail === undefined || fault.rail === rail));
  }

  /** True when the next delivery is to be sent twice. */
  takeDuplicate(): boolean {
    return this.take((fault) => fault.kind === 'duplicate').length > 0;
  }

  private take(applies: (fault: Fault) => boolean): FaultRule[] {
    const taken: FaultRule[] = [];
    for (const fault of this.armed) {
      if (!applies(fault) || taken.some((rule) => rule.kind === fault.kind)) continue;
      fault.count -= 1;
      const { count: _count, rail: _rail, ...rule } = fault;
      taken.push(rule as FaultRule);
    }
    this.armed = this.armed.filter((fault) => fault.count > 0);
    return taken;
  }
}
