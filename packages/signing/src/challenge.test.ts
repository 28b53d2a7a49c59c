import { getBase58Encoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import {
  buildTransaction,
  decodeBase64,
  memoInstruction,
  newKey,
  nobleVerify,
  randomAddress,
  transferInstruction,
  ZERO_BLOCKHASH,
} from '../test/fixtures.js';
import { answerTriggerChallenge, signChallengeTransaction } from './challenge.js';
import { signerFromSecretKey } from './signers/from-secret-key.js';

describe('signChallengeTransaction', () => {
  it('signs a memo transaction (legacy and v0), even with a zero blockhash', async () => {
    const wallet = newKey();
    const signer = await signerFromSecretKey(wallet.secretKey);
    for (const version of ['legacy', 0] as const) {
      for (const blockhash of [undefined, ZERO_BLOCKHASH]) {
        const tx = buildTransaction({
          version,
          feePayer: wallet.address,
          ...(blockhash ? { blockhash } : {}),
          instructions: [memoInstruction('sign in: nonce 3f7c2a91', wallet.address)],
        });
        const signed = decodeBase64(await signChallengeTransaction(tx.base64, signer));
        expect(await nobleVerify(signed.subarray(1, 65), tx.messageBytes, wallet.publicKey)).toBe(true);
        expect(signed.subarray(65)).toEqual(tx.bytes.subarray(65));
      }
    }
  });

  it('refuses a "challenge" that moves funds', async () => {
    const wallet = newKey();
    const tx = buildTransaction({
      version: 0,
      feePayer: wallet.address,
      instructions: [memoInstruction('sign in', wallet.address), transferInstruction(wallet.address, randomAddress(), 1_000_000n)],
    });
    await expect(signChallengeTransaction(tx.base64, await signerFromSecretKey(wallet.secretKey))).rejects.toMatchObject({
      code: 'UNEXPECTED_PROGRAM',
    });
  });

  it('refuses a challenge with no instruction, or paid by someone else', async () => {
    const wallet = newKey();
    const signer = await signerFromSecretKey(wallet.secretKey);
    const empty = buildTransaction({ version: 0, feePayer: wallet.address, instructions: [] });
    await expect(signChallengeTransaction(empty.base64, signer)).rejects.toMatchObject({ code: 'INVALID_CHALLENGE' });
    const paidByOther = buildTransaction({ version: 0, feePayer: randomAddress(), instructions: [memoInstruction('x', wallet.address)] });
    await expect(signChallengeTransaction(paidByOther.base64, signer)).rejects.toMatchObject({ code: 'UNEXPECTED_FEE_PAYER' });
  });
});

describe('answerTriggerChallenge', () => {
  it('answers a message challenge with a base58 signature of the text', async () => {
    const wallet = newKey();
    const text = 'Sign in to the trigger service.\nNonce: 1';
    const body = await answerTriggerChallenge({ type: 'message', challenge: text }, await signerFromSecretKey(wallet.secretKey));
    expect(body).toMatchObject({ type: 'message', walletPubkey: wallet.address });
    const signature = new Uint8Array(getBase58Encoder().encode((body as { signature: string }).signature));
    expect(await nobleVerify(signature, new TextEncoder().encode(text), wallet.publicKey)).toBe(true);
  });

  it('answers a transaction challenge with the signed memo transaction', async () => {
    const wallet = newKey();
    const tx = buildTransaction({ version: 0, feePayer: wallet.address, instructions: [memoInstruction('nonce', wallet.address)] });
    const body = await answerTriggerChallenge({ type: 'transaction', transaction: tx.base64 }, await signerFromSecretKey(wallet.secretKey));
    expect(body.type).toBe('transaction');
    const signed = decodeBase64((body as { signedTransaction: string }).signedTransaction);
    expect(await nobleVerify(signed.subarray(1, 65), tx.messageBytes, wallet.publicKey)).toBe(true);
  });

  it('refuses a challenge without its payload', async () => {
    const signer = await signerFromSecretKey(newKey().secretKey);
    await expect(answerTriggerChallenge({ type: 'message' }, signer)).rejects.toMatchObject({ code: 'INVALID_CHALLENGE' });
    await expect(answerTriggerChallenge({ type: 'transaction', transaction: null as never }, signer)).rejects.toMatchObject({
      code: 'INVALID_CHALLENGE',
    });
  });
});
