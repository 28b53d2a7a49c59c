import { describe, expect, it } from 'vitest';
import { readRateLimit, requestedDelayMs } from './rate-limit.js';

describe('rate-limit headers', () => {
  it('reads the three headers, negatives included, and leaves absent ones out', () => {
    expect(
      readRateLimit(new Headers({ 'x-ratelimit-remaining': '-3', 'x-ratelimit-current': '63', 'x-ratelimit-reset': '1763686800' })),
    ).toEqual({
      remaining: -3,
      current: 63,
      reset: 1763686800,
    });
    expect(readRateLimit(new Headers({ 'x-ratelimit-remaining': 'soon' }))).toEqual({});
    expect(readRateLimit(new Headers())).toEqual({});
  });

  it('turns Retry-After (seconds or date) and x-ratelimit-reset into a wait', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(requestedDelayMs(new Headers({ 'retry-after': '1.5' }), 503, now)).toBe(1500);
    expect(requestedDelayMs(new Headers({ 'retry-after': new Date(now + 2000).toUTCString() }), 503, now)).toBe(2000);
    // A date already past asks for nothing usable: the caller's backoff applies.
    expect(requestedDelayMs(new Headers({ 'retry-after': new Date(now - 2000).toUTCString() }), 503, now)).toBeUndefined();
    expect(requestedDelayMs(new Headers({ 'x-ratelimit-reset': String(now / 1000 + 7) }), 429, now)).toBe(7000);
    expect(requestedDelayMs(new Headers({ 'x-ratelimit-reset': String(now / 1000 + 7) }), 503, now)).toBeUndefined();
    expect(requestedDelayMs(new Headers(), 429, now)).toBeUndefined();
  });
});
