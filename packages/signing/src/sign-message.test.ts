import { createKeyPairSignerFromBytes, getBase58Encoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { buildTransaction, newKey, nobleSign, nobleVerify, system } from '../test/fixtures.js';
import { signMessage, signMessageBytes } from './sign-message.js';
import { signerFromSecretKey } from './signers/from-secret-key.js';

const base58 = getBase58Encoder();
const CHALLENGE = 'Sign in to the trigger service.\nWallet: W\nNonce: 3f7c2a91\nIssued at: 2026-11-20T10:00:00.000Z';

describe('signMessage', () => {
  it('signs the raw UTF-8 bytes and returns base58 that noble verifies', async () => {
    const wallet = newKey();
    const signature = await signMessage(CHALLENGE, await signerFromSecretKey(wallet.secretKey));
    const bytes = new Uint8Array(base58.encode(signature));
    expect(bytes).toHaveLength(64);
    expect(await nobleVerify(bytes, new TextEncoder().encode(CHALLENGE), wallet.publicKey)).toBe(true);
  });

  it('encodes non-ASCII text exactly as UTF-8, without normalisation', async () => {
    const wallet = newKey();
    const text = 'cafe\u0301 \u00e9 \u{1F600}'; // decomposed and composed accents, an emoji
    const signature = new Uint8Array(base58.encode(await signMessage(text, await signerFromSecretKey(wallet.secretKey))));
    expect(await nobleVerify(signature, new TextEncoder().encode(text), wallet.publicKey)).toBe(true);
    expect(await nobleVerify(signature, new TextEncoder().encode(text.normalize('NFC')), wallet.publicKey)).toBe(false);
  });

  it('signs through a kit MessagePartialSigner and a wallet-style signMessage', async () => {
    const wallet = newKey();
    const kitSigner = await createKeyPairSignerFromBytes(wallet.secretKey);
    const walletObject = {
      address: wallet.address,
      signMessage: (m: Uint8Array) => nobleSign(wallet, m).then((signature) => ({ signature })),
    };
    for (const signer of [kitSigner, walletObject]) {
      const signature = new Uint8Array(base58.encode(await signMessage(CHALLENGE, signer)));
      expect(await nobleVerify(signature, new TextEncoder().encode(CHALLENGE), wallet.publicKey)).toBe(true);
    }
  });

  it('refuses a wallet that returns a signature by another key', async () => {
    const wallet = newKey();
    const other = newKey();
    const liar = { address: wallet.address, signMessage: (m: Uint8Array) => nobleSign(other, m) };
    await expect(signMessage(CHALLENGE, liar)).rejects.toMatchObject({ code: 'SIGNER_RETURNED_INVALID_SIGNATURE' });
  });

  it('refuses to sign "message" bytes that are a transaction message for this wallet', async () => {
    const wallet = newKey();
    const signer = await signerFromSecretKey(wallet.secretKey);
    for (const version of ['legacy', 0] as const) {
      const tx = buildTransaction({ version, feePayer: wallet.address });
      await expect(signMessageBytes(tx.messageBytes, signer)).rejects.toMatchObject({ code: 'MESSAGE_IS_A_TRANSACTION' });
    }
    // The wallet as a signer that does not pay the fee (its key is not the first account).
    const cosigned = buildTransaction({
      version: 0,
      feePayer: newKey().address,
      instructions: [system.transfer(wallet.address, newKey().address, 1n)],
    });
    await expect(signMessageBytes(cosigned.messageBytes, signer)).rejects.toMatchObject({ code: 'MESSAGE_IS_A_TRANSACTION' });
    // A transaction message for someone else is just bytes to this wallet.
    const foreign = buildTransaction({ version: 0, feePayer: newKey().address });
    await expect(signMessageBytes(foreign.messageBytes, signer)).resolves.toHaveLength(64);
  });

  it('refuses a transaction-only signer', async () => {
    const wallet = newKey();
    await expect(signMessage(CHALLENGE, { address: wallet.address, signTransaction: async (t: Uint8Array) => t })).rejects.toMatchObject({
      code: 'SIGNER_UNSUPPORTED',
    });
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['an array of numbers', [1, 2, 3]],
    ['a number', 7],
  ])('a message that is %s is INVALID_ARGUMENT, not a TypeError; nothing is signed', async (_name, value) => {
    const signer = await signerFromSecretKey(newKey().secretKey);
    await expect(signMessage(value as never, signer)).rejects.toMatchObject({ name: 'SigningError', code: 'INVALID_ARGUMENT' });
    await expect(signMessageBytes(value as never, signer)).rejects.toMatchObject({ name: 'SigningError', code: 'INVALID_ARGUMENT' });
  });
});
