import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limit.js';

describe('rate limiter', () => {
  it('counts per key in a sliding 60-second window', () => {
    const limiter = createRateLimiter({ limit: 3 });
    const t = 1_000_000;
    expect(limiter.hit('a', t).headers).toMatchObject({ 'x-ratelimit-current': '1', 'x-ratelimit-remaining': '2' });
    limiter.hit('a', t + 10_000);
    expect(limiter.hit('a', t + 20_000).limited).toBe(false);
    const over = limiter.hit('a', t + 30_000);
    expect(over.limited).toBe(true);
    expect(over.headers['x-ratelimit-remaining']).toBe('0');
    // A slot frees when the first hit (at t) leaves the 60-second window: 30 s from now.
    expect(over.retryAfterSeconds).toBe(30);
    expect(limiter.hit('a', t + 59_500).retryAfterSeconds).toBe(1);
    expect(limiter.hit('b', t + 30_000).limited).toBe(false);
    // The first hit slid out of the window.
    expect(limiter.hit('a', t + 61_000).limited).toBe(false);
    expect(limiter.hit('a', t + 200_000).headers['x-ratelimit-current']).toBe('1');
  });

  it('reports the reset time in Unix seconds', () => {
    const limiter = createRateLimiter();
    expect(limiter.hit('a', 1_000_000).headers['x-ratelimit-reset']).toBe(String(Math.ceil((1_000_000 + 60_000) / 1000)));
  });

  it('counts each bucket apart, also for the key it just saw, and forgets every key on reset', () => {
    const limiter = createRateLimiter({ limit: 2 });
    limiter.hit('a', 0);
    limiter.hit('a', 0);
    expect(limiter.hit('a', 0).limited).toBe(true);
    expect(limiter.hit('a', 0, 'execute').headers['x-ratelimit-current']).toBe('1');
    expect(limiter.hit('a', 0).limited).toBe(true);
    limiter.reset();
    expect(limiter.hit('a', 0).headers['x-ratelimit-current']).toBe('1');
  });

  it('tracks a bounded number of keys', () => {
    const limiter = createRateLimiter({ limit: 1, maxKeys: 2 });
    limiter.hit('a', 0);
    limiter.hit('b', 0);
    limiter.hit('c', 0);
    expect(limiter.hit('a', 0).limited).toBe(false);
  });
});
