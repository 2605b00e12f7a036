import { describe, expect, it } from 'vitest';
import { idempotencyKeyPattern } from '../../shared/schemas/banking';
import { ApiError } from './api-client';
import { classifyFailure, newIdempotencyKey, operationSignature, settle } from './settle-operation';

const noWait = { wait: async () => undefined };
const lost = () => new ApiError(0, 'network-request-failed', 'network');
const inProgress = () => new ApiError(409, 'idempotency_in_progress', 'still working');

/** A send that fails with the given errors in turn, then answers `answer`; counts its calls. */
function scripted<A>(errors: unknown[], answer: A) {
  const calls = { count: 0 };
  const send = async () => {
    const error = errors[calls.count];
    calls.count += 1;
    if (error !== undefined) throw error;
    return answer;
  };
  return { send, calls };
}

describe('settle', () => {
  it('answers done at once, without checking, when the first send succeeds', async () => {
    const { send, calls } = scripted([], { insertedId: '7' });
    let checking = 0;
    expect(await settle(send, { ...noWait, onChecking: () => (checking += 1) })).toEqual({ outcome: 'done', answer: { insertedId: '7' } });
    expect(calls.count).toBe(1);
    expect(checking).toBe(0);
  });

  it('resends after a lost answer, a 5xx and a 409 in progress, then answers the result', async () => {
    const { send, calls } = scripted([lost(), new ApiError(503, 'unavailable', 'down'), inProgress()], { insertedId: '9' });
    const waits: number[] = [];
    let checking = 0;
    const settled = await settle(send, { wait: async (ms) => void waits.push(ms), onChecking: () => (checking += 1), delaysMs: [10, 20, 40, 80] });
    expect(settled).toEqual({ outcome: 'done', answer: { insertedId: '9' } });
    expect(calls.count).toBe(4);
    expect(waits).toEqual([10, 20, 40]);
    expect(checking).toBe(1);
  });

  it('stops at the first refusal: a 400 naming a field is the customer’s to fix', async () => {
    const refusal = new ApiError(400, 'insufficient_funds', 'Not enough money', { sendAmount: 'Not enough money' });
    const { send, calls } = scripted([lost(), refusal], 'never');
    expect(await settle(send, noWait)).toEqual({ outcome: 'refused', error: refusal });
    expect(calls.count).toBe(2);
  });

  it('gives up as unknown after the last resend, keeping the last error', async () => {
    const errors = [lost(), lost(), lost(), lost(), lost()];
    const { send, calls } = scripted(errors, 'never');
    const settled = await settle(send, { ...noWait, delaysMs: [1, 1, 1, 1] });
    expect(settled.outcome).toBe('unknown');
    expect(calls.count).toBe(5);
  });

  it('does not take a throttle or a signed-out answer after a lost one as proof that nothing happened', async () => {
    const { send } = scripted([lost(), new ApiError(429, 'rate_limited', 'slow down'), new ApiError(401, 'unauthorized', 'sign in')], 'unused');
    expect((await settle(send, { ...noWait, delaysMs: [1, 1] })).outcome).toBe('unknown');
  });
});

describe('classifyFailure', () => {
  it.each([
    [lost(), false, 'unknown'],
    [new ApiError(0, 'timeout', 'timeout'), false, 'unknown'],
    [new ApiError(500, 'internal', 'x'), false, 'unknown'],
    [new ApiError(502, 'http_502', 'x'), false, 'unknown'],
    [inProgress(), false, 'unknown'],
    [new TypeError('Failed to fetch'), false, 'unknown'],
    [new ApiError(409, 'already_decided', 'x'), false, 'refused'],
    [new ApiError(422, 'idempotency_key_reused', 'x'), false, 'refused'],
    [new ApiError(429, 'rate_limited', 'x'), false, 'refused'],
    [new ApiError(429, 'rate_limited', 'x'), true, 'unknown'],
    [new ApiError(404, 'not_found', 'x'), true, 'refused'],
  ] as const)('%o after a lost send %s → %s', (error, earlierSendLost, expected) => {
    expect(classifyFailure(error, earlierSendLost)).toBe(expected);
  });
});

describe('operationSignature', () => {
  it('changes with any value, amounts in poisha and files included', () => {
    const file = new File([new Uint8Array([1, 2, 3])], 'passport.png', { lastModified: 1 });
    const base = operationSignature({ amount: 10_000n, passport: [file] });
    expect(operationSignature({ amount: 10_000n, passport: [file] })).toBe(base);
    expect(operationSignature({ amount: 10_001n, passport: [file] })).not.toBe(base);
    expect(operationSignature({ amount: 10_000n, passport: [new File([new Uint8Array([1, 2, 3, 4])], 'passport.png', { lastModified: 1 })] })).not.toBe(base);
  });

  it('makes keys the server accepts, never the same twice', () => {
    const keys = new Set(Array.from({ length: 100 }, newIdempotencyKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(idempotencyKeyPattern);
  });
});
