import { describe, expect, it } from 'vitest';
import { signatureFreshnessMs, signatureHeaders, signMessage, verifyMessage } from './signature';

const key = 'k'.repeat(40);
const body = '<Document/>';
const now = new Date('2026-11-25T08:00:00.000Z');

function verifier() {
  const seen = new Set<string>();
  return (headers: Record<string, string>, signedBody = body, at = now) =>
    verifyMessage({
      headers,
      body: signedBody,
      keyOf: (sender) => (sender === 'PADMA' ? key : undefined),
      rememberNonce: (sender, nonce) => {
        const id = `${sender}:${nonce}`;
        if (seen.has(id)) return false;
        seen.add(id);
        return true;
      },
      now: at,
    });
}

describe('message signatures', () => {
  it('accepts a fresh, rightly signed message once, and refuses its replay', async () => {
    const verify = verifier();
    const headers = signMessage({ sender: 'PADMA', key, body, now });
    expect(await verify(headers)).toEqual({ ok: true, sender: 'PADMA', nonce: headers[signatureHeaders.nonce] });
    expect(await verify(headers)).toEqual({ ok: false, reason: 'replayed' });
  });

  it('refuses a message without its headers', async () => {
    const verify = verifier();
    const headers = signMessage({ sender: 'PADMA', key, body, now });
    for (const name of Object.values(signatureHeaders)) {
      const { [name]: _removed, ...rest } = headers;
      expect(await verify(rest)).toEqual({ ok: false, reason: 'unsigned' });
    }
  });

  it('refuses an unknown sender, another key, a changed body and a changed nonce', async () => {
    const verify = verifier();
    expect(await verify(signMessage({ sender: 'DBBL', key, body, now }))).toEqual({ ok: false, reason: 'unknown_sender' });
    expect(await verify(signMessage({ sender: 'PADMA', key: 'x'.repeat(40), body, now }))).toEqual({ ok: false, reason: 'bad_signature' });
    expect(await verify(signMessage({ sender: 'PADMA', key, body, now }), '<Document>changed</Document>')).toEqual({ ok: false, reason: 'bad_signature' });
    const headers = signMessage({ sender: 'PADMA', key, body, now });
    expect(await verify({ ...headers, [signatureHeaders.nonce]: 'another' })).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuses a message signed too long ago or too far ahead, and remembers no nonce for it', async () => {
    const verify = verifier();
    const old = signMessage({ sender: 'PADMA', key, body, now: new Date(now.getTime() - signatureFreshnessMs - 1000), nonce: 'n1' });
    expect(await verify(old)).toEqual({ ok: false, reason: 'stale' });
    const ahead = signMessage({ sender: 'PADMA', key, body, now: new Date(now.getTime() + signatureFreshnessMs + 1000), nonce: 'n2' });
    expect(await verify(ahead)).toEqual({ ok: false, reason: 'stale' });
    expect((await verify(signMessage({ sender: 'PADMA', key, body, now, nonce: 'n1' }))).ok).toBe(true);
  });
});
