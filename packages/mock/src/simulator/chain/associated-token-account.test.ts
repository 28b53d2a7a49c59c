// The simulator's associated token accounts are the ones wallets derive (@x/chain does the
// derivation; its own tests compare it with @solana/kit on random inputs).
import { address, getAddressEncoder, getProgramDerivedAddress } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { toBase58 } from '../encoding.js';
import { createRandom } from '../random.js';
import { ASSOCIATED_TOKEN_PROGRAM, TOKEN_PROGRAM } from './addresses.js';
import { associatedTokenAccount } from './instructions.js';

const random = createRandom(5);
const encoder = getAddressEncoder();

describe('associatedTokenAccount', () => {
  it('derives the account @solana/kit derives', async () => {
    for (let i = 0; i < 20; i++) {
      const owner = toBase58(random.bytes(32));
      const mint = toBase58(random.bytes(32));
      const [expected] = await getProgramDerivedAddress({
        programAddress: address(ASSOCIATED_TOKEN_PROGRAM),
        seeds: [encoder.encode(address(owner)), encoder.encode(address(TOKEN_PROGRAM)), encoder.encode(address(mint))],
      });
      expect(await associatedTokenAccount(owner, mint)).toBe(expected);
    }
  });

  it('answers 400 for a key that is not 32 bytes of base58', async () => {
    await expect(associatedTokenAccount('1111', toBase58(random.bytes(32)))).rejects.toMatchObject({ status: 400 });
  });
});
