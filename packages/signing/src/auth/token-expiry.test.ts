import { describe, expect, it } from 'vitest';
import { jwtExpiryMs } from './token-expiry.js';

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('jwtExpiryMs', () => {
  it('reads exp (seconds) as epoch milliseconds', () => {
    expect(jwtExpiryMs(`${part({ alg: 'HS256' })}.${part({ sub: 'w', exp: 1_800_000_000 })}.sig`)).toBe(1_800_000_000_000);
  });

  it('reads a payload needing base64url characters and no padding', () => {
    const payload = part({ exp: 1_700_000_000, s: '??>>~~' });
    expect(payload).toMatch(/[-_]/);
    expect(jwtExpiryMs(`h.${payload}.s`)).toBe(1_700_000_000_000);
  });

  it.each([
    ['no exp', `h.${part({ sub: 'w' })}.s`],
    ['a string exp', `h.${part({ exp: '1' })}.s`],
    ['garbage', 'a.b!.c'],
    ['no dots', 'token'],
  ])('returns undefined for %s', (_name, token) => {
    expect(jwtExpiryMs(token)).toBeUndefined();
  });
});
