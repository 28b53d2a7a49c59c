// The synchronous derivation against @solana/kit's: the same addresses and bumps, the same curve test.
import { getAddressEncoder, getProgramDerivedAddress, isOffCurveAddress, address, type Address } from '@solana/kit';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toBase58 } from '../encoding.js';
import { createRandom } from '../random.js';
import { ASSOCIATED_TOKEN_PROGRAM, TOKEN_PROGRAM, TRIGGER_V2_PROGRAM } from './addresses.js';
import { associatedTokenAccount } from './instructions.js';
import { isOnCurve, programDerivedAddress } from './pda.js';
import { sha256 } from './sha256.js';

const random = createRandom(5);
const encoder = getAddressEncoder();

describe('sha256', () => {
  it('matches node:crypto on every length from 0 to 200 bytes', () => {
    for (let length = 0; length <= 200; length++) {
      const data = random.bytes(length);
      expect(Buffer.from(sha256(data)).toString('hex')).toBe(createHash('sha256').update(data).digest('hex'));
    }
  });
});

describe('program derived addresses', () => {
  it('tells curve points from other bytes as @solana/kit does (random bytes, public keys, y = ±1)', async () => {
    const samples: Uint8Array[] = Array.from({ length: 300 }, () => random.bytes(32));
    for (let i = 0; i < 20; i++) {
      const pair = (await crypto.subtle.generateKey('Ed25519', true, ['sign', 'verify'])) as CryptoKeyPair;
      samples.push(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)));
    }
    const one = new Uint8Array(32);
    one[0] = 1;
    const oneWithSign = one.slice();
    oneWithSign[31] = 0x80;
    samples.push(one, oneWithSign, new Uint8Array(32).fill(0xff));
    let onCurve = 0;
    for (const bytes of samples) {
      const kitSays = !isOffCurveAddress(toBase58(bytes) as Address);
      expect(isOnCurve(bytes)).toBe(kitSays);
      if (kitSays) onCurve++;
    }
    expect(onCurve).toBeGreaterThan(20); // both answers were exercised
  });

  it('derives the same addresses and bumps as @solana/kit', async () => {
    for (let i = 0; i < 60; i++) {
      const owner = toBase58(random.bytes(32));
      const mint = toBase58(random.bytes(32));
      const [kitAddress, kitBump] = await getProgramDerivedAddress({
        programAddress: address(ASSOCIATED_TOKEN_PROGRAM),
        seeds: [encoder.encode(address(owner)), encoder.encode(address(TOKEN_PROGRAM)), encoder.encode(address(mint))],
      });
      expect(await associatedTokenAccount(owner, mint)).toBe(kitAddress);
      const seeds = [new TextEncoder().encode('vault'), new Uint8Array(encoder.encode(address(owner)))];
      const [kitVault, kitVaultBump] = await getProgramDerivedAddress({ programAddress: address(TRIGGER_V2_PROGRAM), seeds });
      expect(programDerivedAddress(TRIGGER_V2_PROGRAM, seeds)).toEqual([kitVault, kitVaultBump]);
      expect(kitBump).toBeGreaterThanOrEqual(0);
    }
  });
});
