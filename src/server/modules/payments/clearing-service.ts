import type { ClearingHouse } from '../../../clearing-house/clearing-house';
import type { ClearingClient } from './clearing-client';

/**
 * What the switch's name enquiry (acmt.023, answered by acmt.024) said of an account at another
 * bank or wallet. `found` carries the full name, which only the bank sees: a customer is shown it
 * masked. `unavailable`: the switch did not answer in time, or was down; nothing is known.
 */
export type ReceiverEnquiry = { kind: 'found'; holderName: string } | { kind: 'not_found'; reasonCode?: string | undefined } | { kind: 'unavailable' };

/**
 * The bank's connection to the clearing house, made once at start-up: the switch at
 * `CLEARING_URL`, or one started in this process when none is set (as PGlite stands in for a
 * database server), so that `npm start` alone can pay another bank.
 */
export type ClearingService = {
  /** The signed exchange of one ISO 20022 message with the switch. */
  client: ClearingClient;
  /** The switch's name enquiry for an account at another participant. */
  enquireReceiver: (participant: string, account: string) => Promise<ReceiverEnquiry>;
  /** Sends what the outbox holds now, instead of at the worker's next round: called once a payment's transaction has committed. */
  kick: () => void;
  /** The switch started in this process, when there is one (its control API injects inward payments and faults outside production). */
  embedded: ClearingHouse | undefined;
  close: () => Promise<void>;
};
