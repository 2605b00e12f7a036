import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotpCode, matchingTimeStep, timeStepAt } from './totp';

// RFC 6238 appendix B: the SHA-1 secret "12345678901234567890", truncated to 6 digits.
const rfcKey = Buffer.from('12345678901234567890');

describe('TOTP', () => {
  it('gives the RFC 6238 test vectors', () => {
    expect(hotpCode(rfcKey, timeStepAt(59_000))).toBe('287082');
    expect(hotpCode(rfcKey, timeStepAt(1_111_111_109_000))).toBe('081804');
    expect(hotpCode(rfcKey, timeStepAt(2_000_000_000_000))).toBe('279037');
  });

  it('accepts the step before, now and after, and nothing else', () => {
    const now = 1_111_111_109_000;
    const step = timeStepAt(now);
    for (const offset of [-1, 0, 1]) expect(matchingTimeStep(rfcKey, hotpCode(rfcKey, step + offset), now)).toBe(step + offset);
    expect(matchingTimeStep(rfcKey, hotpCode(rfcKey, step + 2), now)).toBeNull();
    expect(matchingTimeStep(rfcKey, hotpCode(rfcKey, step - 2), now)).toBeNull();
    expect(matchingTimeStep(rfcKey, '12345', now)).toBeNull();
    expect(matchingTimeStep(rfcKey, `${hotpCode(rfcKey, step)}0`, now)).toBeNull();
  });

  it('writes and reads base32 as authenticator apps do', () => {
    expect(base32Encode(Buffer.from('12345678901234567890'))).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(Buffer.from(base32Decode('gezdgnbvgy3tqojqgezdgnbvgy3tqojq')).toString()).toBe('12345678901234567890');
  });
});
