// SHA-256 against WebCrypto's digest: every length across the padding boundaries, longer inputs,
// and the standard's test vectors.
import { describe, expect, it } from 'vitest';
import { sha256 } from './sha256.js';

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const digest = async (data: Uint8Array<ArrayBuffer>) => new Uint8Array(await crypto.subtle.digest('SHA-256', data));

describe('sha256', () => {
  it('gives the standard test vectors', () => {
    expect(hex(sha256(new Uint8Array(0)))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex(sha256(new TextEncoder().encode('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hex(sha256(new TextEncoder().encode('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('gives the digest WebCrypto gives, for every length up to 300 bytes and a few long inputs', async () => {
    for (let length = 0; length <= 300; length++) {
      const data = crypto.getRandomValues(new Uint8Array(length));
      expect(sha256(data)).toEqual(await digest(data));
    }
    for (const length of [1000, 4096, 65_537]) {
      const data = new Uint8Array(length).map((_, i) => (i * 31 + 7) & 0xff);
      expect(sha256(data)).toEqual(await digest(data));
    }
  });

  it('hashes a view of a larger buffer by its own bytes only', async () => {
    const buffer = crypto.getRandomValues(new Uint8Array(100));
    const view = buffer.subarray(10, 70);
    expect(sha256(view)).toEqual(await digest(view.slice()));
  });
});
