import { describe, expect, it } from 'vitest';
import { createTestWallet } from '../test-support/harness.js';
import { systemTransfer } from './instructions.js';
import { toBase64 } from '../encoding.js';
import { buildTransaction, checkSigner, decodeBytes, decodeTransaction, wireBytes } from './transactions.js';

const RECEIVER = '6V1VsEmCGxfsZDKSwt2Jx3UgJKxaMwSeArFeUNuzSYRH';
const BLOCKHASH = '35HJ2QSRigYgao1tVxRJd7oDLW8aov5KNfq5YxkGVuHs';
const TAKER = 'EwV78VBLEhDmtkHxBv6hcTBjrfhbM8b3n1cCELt4imKg';

describe('transactions', () => {
  it('builds the exact example transaction of spec/README.md', () => {
    const built = buildTransaction({
      feePayer: TAKER,
      instructions: [systemTransfer(TAKER, RECEIVER, 1000n)],
      blockhash: BLOCKHASH,
      lastValidBlockHeight: 1,
    });
    expect(built.base64).toBe(
      'AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAACAAQABA88dEqrSW0JgOzj7Fmfqrx6xCBRkyzg0hDzqNpkhRE0jUXdCkTnFP+pAruWCIm3rq0jW+fYLfVSqG+LIK8uTw5QAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAB7QHseCG7q8yKDA0AAo/2lOW662cIDtAP2UPzYh/fKSAQICAAEMAgAAAOgDAAAAAAAAAA==',
    );
    const decoded = decodeTransaction(built.base64)!;
    expect(decoded.signatures).toEqual([{ signer: TAKER, signature: null }]);
    expect(decoded.instructions[0]!.accounts).toEqual([TAKER, RECEIVER]);
    expect(decoded.lifetimeToken).toBe(BLOCKHASH);
  });

  it('checks a signer slot: missing, valid, invalid, not a signer', async () => {
    const wallet = await createTestWallet();
    const other = await createTestWallet();
    const built = buildTransaction({
      feePayer: wallet.address,
      instructions: [systemTransfer(wallet.address, RECEIVER, 1n)],
      blockhash: BLOCKHASH,
      lastValidBlockHeight: 1,
    });
    expect(await checkSigner(decodeTransaction(built.base64)!, wallet.address)).toBe('missing');
    expect(await checkSigner(decodeTransaction(await wallet.signTransaction(built.base64))!, wallet.address)).toBe('valid');
    expect(await checkSigner(decodeTransaction(built.base64)!, other.address)).toBe('not-a-signer');
    const bytes = Uint8Array.from(atob(built.base64), (c) => c.charCodeAt(0));
    bytes.set(await other.sign(bytes.slice(65)), 1);
    const forged = decodeTransaction(btoa(String.fromCharCode(...bytes)))!;
    expect(await checkSigner(forged, wallet.address)).toBe('invalid');
  });

  it('writes a decoded transaction back to the wire bytes it was decoded from (signed slots and empty ones)', async () => {
    const wallet = await createTestWallet();
    const built = buildTransaction({
      feePayer: wallet.address,
      instructions: [systemTransfer(wallet.address, RECEIVER, 7n), systemTransfer(TAKER, RECEIVER, 9n)],
      blockhash: BLOCKHASH,
      lastValidBlockHeight: 1,
    });
    const signed = await wallet.signTransaction(built.base64);
    const decoded = decodeTransaction(signed)!;
    expect(decoded.signatures.map((s) => s.signature === null)).toEqual([false, true]);
    expect(toBase64(wireBytes(decoded))).toBe(signed);
    expect(decodeBytes(wireBytes(decoded))).toEqual(decoded);
  });

  it('returns undefined for what is not a transaction', () => {
    expect(decodeTransaction('AAAA')).toBeUndefined();
    expect(decodeTransaction('not base64!')).toBeUndefined();
    expect(decodeTransaction(btoa('x'.repeat(200)))).toBeUndefined();
  });
});

describe('public keys in built transactions', () => {
  it('answers 400 for base58 that is not 32 bytes', async () => {
    const { call, makeSimulator } = await import('../test-support/harness.js');
    const sim = makeSimulator();
    const res = await call(sim, 'GET', '/swap/v2/order', {
      query: {
        inputMint: 'D6gqDYHvpEparhs6TGfnXKtNEzVe48aLfmB6bKNjdKsD',
        outputMint: '7gQqK6wWf1gAc7f2R4oQ18Q4m6Vazr1umgktSGsnJZny',
        amount: '100000000',
        taker: 'z'.repeat(44),
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/Invalid public key/);
  });
});
