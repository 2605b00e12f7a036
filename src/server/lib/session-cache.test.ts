import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache';

const clock = () => {
  let now = 0;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
};

describe('SessionCache', () => {
  it('trusts a checked session for at most its lifetime', () => {
    const time = clock();
    const cache = new SessionCache<{ user: { id: string } }>(1_000, 10, time.now);
    cache.set('cookie-a', { user: { id: 'alice' } });
    time.advance(999);
    expect(cache.get('cookie-a')).toEqual({ user: { id: 'alice' } });
    time.advance(1);
    expect(cache.get('cookie-a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('forgets a signed-out cookie and every session of a disabled user at once', () => {
    const cache = new SessionCache<{ user: { id: string } }>(1_000, 10, () => 0);
    cache.set('phone', { user: { id: 'alice' } });
    cache.set('laptop', { user: { id: 'alice' } });
    cache.set('other', { user: { id: 'bob' } });
    cache.forgetCookie('phone');
    expect(cache.get('phone')).toBeUndefined();
    cache.forgetUser('alice');
    expect(cache.get('laptop')).toBeUndefined();
    expect(cache.get('other')).toEqual({ user: { id: 'bob' } });
  });

  it('holds at most its bound, dropping the oldest', () => {
    const cache = new SessionCache<{ user: { id: string } }>(1_000, 2, () => 0);
    cache.set('one', { user: { id: '1' } });
    cache.set('two', { user: { id: '2' } });
    cache.set('three', { user: { id: '3' } });
    expect(cache.size).toBe(2);
    expect(cache.get('one')).toBeUndefined();
    expect(cache.get('three')).toEqual({ user: { id: '3' } });
  });
});
