// The fast decoder against the @solana/kit one: the same result for legacy and v0 transactions
// (signed or not, with lookup tables), and for damaged bytes the same answer as before.
import { describe, expect, it } from 'vitest';
import { fromBase64, toBase58, toBase64 } from '../encoding.js';
import { createRandom } from '../random.js';
import { TRIGGER_V2_PROGRAM } from './addresses.js';
import { decodeWire } from './decode.js';
import { computeUnitLimit, memo, programCall, systemTransfer } from './instructions.js';
import { buildTransaction, decodeTransaction, decodeWithKit } from './transactions.js';

const random = createRandom(21);
const key = (): string => toBase58(random.bytes(32));

function samples(): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < 20; i++) {
    const wallet = key();
    const other = key();
    const built = buildTransaction({
      feePayer: wallet,
      instructions: [
        computeUnitLimit(150_000),
        systemTransfer(wallet, key(), 5_000n),
        programCall(
          TRIGGER_V2_PROGRAM,
          'withdraw',
          [
            { pubkey: wallet, isSigner: true, isWritable: true },
            { pubkey: other, isSigner: i % 2 === 0, isWritable: false },
          ],
          random.bytes(i * 7),
        ),
        memo(`note ${i}`, wallet),
      ],
      blockhash: key(),
      lastValidBlockHeight: 10,
    });
    const v0 = fromBase64(built.base64)!;
    out.push(v0);
    // Signed: every slot filled.
    const signed = v0.slice();
    signed.set(random.bytes(64 * signed[0]!), 1);
    out.push(signed);
    // With two lookup tables (v0 only): replace the empty table list at the end.
    const tables = [2, ...random.bytes(32), 2, 1, 2, 1, 3, ...random.bytes(32), 0, 1, 4];
    out.push(Uint8Array.from([...signed.subarray(0, signed.length - 1), ...tables]));
    // Legacy: the same message without the version prefix and the table list.
    const slots = 1 + 64 * signed[0]!;
    out.push(Uint8Array.from([...signed.subarray(0, slots), ...signed.subarray(slots + 1, signed.length - 1)]));
  }
  return out;
}

describe('decodeWire', () => {
  it('decodes legacy and v0 transactions exactly as @solana/kit does', () => {
    for (const bytes of samples()) {
      const fast = decodeWire(bytes);
      expect(fast).toBeDefined();
      expect(fast).toEqual(decodeWithKit(bytes));
    }
  });

  it('gives damaged transactions the answer the @solana/kit decoder gives (truncated, flipped bytes, extra bytes)', () => {
    for (const bytes of samples().slice(0, 16)) {
      const variants = [
        bytes.subarray(0, random.int(65, bytes.length - 1)),
        Uint8Array.from([...bytes, 0, 1]),
        ...Array.from({ length: 12 }, () => {
          const copy = bytes.slice();
          copy[random.int(0, copy.length - 1)] = random.int(0, 255);
          return copy;
        }),
      ];
      for (const variant of variants) expect(decodeTransaction(toBase64(variant))).toEqual(decodeWithKit(variant));
    }
  });
});
