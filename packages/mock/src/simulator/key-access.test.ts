import { describe, expect, it } from 'vitest';
import { createKeyAccess, keyDigest } from './key-access.js';

const AREAS = new Set(['swap', 'tokens', 'lend']);

describe('key access', () => {
  it('keeps the control API changes under a digest of each key, over the start lists', () => {
    const access = createKeyAccess({ started: ['swap'] }, AREAS);
    access.set('changed', ['tokens']);
    access.set('started', undefined);
    expect(access.allows('changed', '/lend/v1/borrow/vaults')).toBe(false);
    expect(access.allows('changed', '/tokens/v2/verify/express/check-eligibility')).toBe(true);
    expect(access.allows('started', '/lend/v1/borrow/vaults')).toBe(true);
    expect([...access.changes.keys()].sort()).toEqual([keyDigest('changed'), keyDigest('started')].sort());
    expect(JSON.stringify([...access.changes])).not.toMatch(/changed|started/);
    // A key of no list, lifted: nothing to remember.
    access.set('changed', undefined);
    expect(access.changes.has(keyDigest('changed'))).toBe(false);
    access.reset();
    expect(access.allows('started', '/lend/v1/borrow/vaults')).toBe(false);
    expect(access.changes.size).toBe(0);
  });

  it('digests any key to 32 bytes of base58, one per key, long ones folded', () => {
    const long = 'ключ'.repeat(64); // 256 characters, 512 bytes of UTF-8: more than one round of seeds
    expect(keyDigest('a')).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(keyDigest('a')).toBe(keyDigest('a'));
    expect(
      new Set([keyDigest('a'), keyDigest('b'), keyDigest(long), keyDigest(long.slice(0, 240)), keyDigest(`${long.slice(0, 255)}x`)]).size,
    ).toBe(5);
  });
});
