import { startClearingHouse, type ClearingHouse } from '../../clearing-house/clearing-house';
import { Clock } from '../../clearing-house/clock';
import { clearingClient, newMessageId } from '../modules/payments/clearing-client';
import type { ClearingService, ReceiverEnquiry } from '../modules/payments/clearing-service';
import { ownParticipantCode } from '../modules/payments/payments.service';

const key = 'padma-routes-test-key-'.padEnd(40, 'r');

/**
 * A clearing house started in this process, frozen at `at`, and the bank's connection to it as
 * the payment routes use it: the name enquiry over the real signed exchange (acmt.023 → acmt.024),
 * and a kick that only counts (the tests send the outbox themselves, when they choose).
 */
export async function embeddedClearingForTests(at: Date): Promise<{ service: ClearingService; house: ClearingHouse; kicks: () => number; down: (seconds: number) => Promise<void> }> {
  const house = await startClearingHouse({ participants: { PADMA: { key } }, embedded: true, mode: 'test', clock: new Clock({ at, frozen: true }), tickMs: false, timeoutHoldMs: 1_500 });
  const seen = new Set<string>();
  const client = clearingClient({ url: house.url, participant: ownParticipantCode, key, answerTimeoutMs: 1_000 }, (_sender, nonce) => Promise.resolve(!seen.has(nonce) && Boolean(seen.add(nonce))));
  let kicked = 0;
  const enquireReceiver = async (participant: string, account: string): Promise<ReceiverEnquiry> => {
    const exchange = await client.exchange({ type: 'acmt.023', messageId: newMessageId(ownParticipantCode), createdAt: new Date(), assigner: ownParticipantCode, assignee: participant, account });
    const outcome = exchange.outcome;
    if (outcome.kind !== 'answered' || outcome.answer.type !== 'acmt.024') return { kind: 'unavailable' };
    const report = outcome.answer;
    return report.verified && report.name ? { kind: 'found', holderName: report.name } : { kind: 'not_found', reasonCode: report.reason?.code };
  };
  const service: ClearingService = {
    client,
    enquireReceiver,
    kick: () => {
      kicked += 1;
    },
    embedded: house,
    close: () => house.close(),
  };
  const down = async (seconds: number) => {
    await fetch(`${house.url}/control/down`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seconds }) });
  };
  return { service, house, kicks: () => kicked, down };
}
