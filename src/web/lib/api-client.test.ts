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
