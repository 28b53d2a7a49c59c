// compileV0 against @solana/kit's compiler: the same wire bytes for the transactions the
// simulator crafts and for random mixes of signers, writables, shared and repeated accounts.
import {
  address,
  appendTransactionMessageInstructions,
  blockhash,
  compileTransaction,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { toBase58, toBase64 } from '../encoding.js';
import { createRandom } from '../random.js';
import { AMM_KEYS, SWAP_PROGRAM, TOKEN_PROGRAM, TRIGGER_V2_PROGRAM } from './addresses.js';
import { compileV0 } from './compile.js';
import {
  computeUnitLimit,
  computeUnitPrice,
  memo,
  programCall,
  swap,
  systemTransfer,
  toKitInstruction,
  tokenTransfer,
  type PlainInstruction,
} from './instructions.js';
import { buildTransaction } from './transactions.js';

function withKit(
  feePayer: string,
  instructions: PlainInstruction[],
  hash: string,
): { base64: string; messageBytes: Uint8Array; signers: string[] } {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(feePayer), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash(hash), lastValidBlockHeight: 100n }, m),
    (m) => appendTransactionMessageInstructions(instructions.map(toKitInstruction), m),
  );
  const tx = compileTransaction(message);
  return {
    base64: getBase64EncodedWireTransaction(tx),
    messageBytes: new Uint8Array(tx.messageBytes),
    signers: Object.keys(tx.signatures),
  };
}

const random = createRandom(11);
const key = (): string => toBase58(random.bytes(32));

describe('compileV0', () => {
  it('compiles the shapes the simulator crafts exactly as @solana/kit does', async () => {
    const wallet = key();
    const hash = key();
    const shapes: PlainInstruction[][] = [
      [memo('Sign in to the trigger service.\nNonce: 00', wallet)],
      [
        computeUnitLimit(150_000),
        programCall(
          TRIGGER_V2_PROGRAM,
          'withdraw',
          [
            { pubkey: wallet, isSigner: true, isWritable: true },
            { pubkey: key(), isSigner: false, isWritable: true },
            { pubkey: key(), isSigner: false, isWritable: false },
          ],
          new Uint8Array([1, 2, 3]),
        ),
      ],
      [
        computeUnitLimit(200_000),
        computeUnitPrice(5_000n),
        systemTransfer(wallet, key(), 1_000_000n),
        await tokenTransfer(wallet, key(), key(), 40_000_000n, 6),
      ],
      [
        swap({
          taker: wallet,
          ammKey: AMM_KEYS[0]!,
          inputMint: key(),
          outputMint: key(),
          inAmount: 1n,
          minOutAmount: 2n,
          slippageBps: 50,
          receiver: key(),
          feeAccount: key(),
        }),
      ],
    ];
    for (const instructions of shapes) {
      const ours = compileV0(wallet, instructions, hash);
      const kit = withKit(wallet, instructions, hash);
      expect(toBase64(ours.wire)).toBe(kit.base64);
      expect(ours.messageBytes).toEqual(kit.messageBytes);
      expect(ours.signers).toEqual(kit.signers);
      expect(buildTransaction({ feePayer: wallet, instructions, blockhash: hash, lastValidBlockHeight: 100 }).base64).toBe(kit.base64);
    }
  });

  it('orders random mixes of roles, repeated accounts and several signers as @solana/kit does', () => {
    const pool = Array.from({ length: 12 }, key);
    const programs = [TOKEN_PROGRAM, SWAP_PROGRAM, key()];
    for (let round = 0; round < 200; round++) {
      const feePayer = pool[random.int(0, pool.length - 1)]!;
      const instructions: PlainInstruction[] = Array.from({ length: random.int(1, 4) }, () => ({
        programId: programs[random.int(0, programs.length - 1)]!,
        accounts: Array.from({ length: random.int(0, 6) }, () => ({
          pubkey: pool[random.int(0, pool.length - 1)]!,
          isSigner: random.int(0, 3) === 0,
          isWritable: random.int(0, 1) === 0,
        })),
        data: random.bytes(random.int(0, 140)),
      }));
      const hash = key();
      expect(toBase64(compileV0(feePayer, instructions, hash).wire)).toBe(withKit(feePayer, instructions, hash).base64);
    }
  });
});
