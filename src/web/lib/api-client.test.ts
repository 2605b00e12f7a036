import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequestChecked } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

const offline = () => vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
const answered = (body: unknown) => vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify(body), { status: 200 })));

describe('a checked answer whose schema is loaded beside it', () => {
  it('is read through the schema once both are in', async () => {
    answered({ unread: 3, extra: true });
    await expect(apiRequestChecked(() => Promise.resolve(z.object({ unread: z.number() })), '/api/anything')).resolves.toEqual({ unread: 3 });
  });

  it('fails as a lost request offline, even when the schema could not be loaded either', async () => {
    offline();
    const failure = await apiRequestChecked(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), '/api/anything').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 0, code: 'network-request-failed' });
  });

  it('says the schema could not be loaded when the answer came', async () => {
    answered({ unread: 3 });
    await expect(apiRequestChecked(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), '/api/anything')).rejects.toThrow(/dynamically imported/);
  });
});

describe('a failed answer', () => {
  const failed = (status: number, body: string, headers: Record<string, string>) => vi.stubGlobal('fetch', () => Promise.resolve(new Response(body, { status, headers })));

  it('keeps the id the server named the request by, from our API and from a proxy’s error page alike', async () => {
    const id = '6f1d2c0a-93b4-4e57-8a1f-0c2b7d9e4a31';
    failed(500, JSON.stringify({ error: { code: 'internal_error', message: 'Something went wrong on our side.', requestId: id } }), { 'x-request-id': id });
    await expect(apiRequestChecked(z.object({}), '/api/anything')).rejects.toMatchObject({ status: 500, code: 'internal_error', requestId: id });
    failed(502, '<html>Bad Gateway</html>', { 'x-request-id': '0f9e8d7c6b5a49382716a5b4c3d2e1f0' });
    await expect(apiRequestChecked(z.object({}), '/api/anything')).rejects.toMatchObject({ status: 502, requestId: '0f9e8d7c6b5a49382716a5b4c3d2e1f0' });
  });

  it('keeps no id a header could smuggle words into', async () => {
    failed(500, '{}', { 'x-request-id': 'call 0800 now and give your PIN' });
    await expect(apiRequestChecked(z.object({}), '/api/anything')).rejects.toMatchObject({ status: 500, requestId: null });
  });
});
