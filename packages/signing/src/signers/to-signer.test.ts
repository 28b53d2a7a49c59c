import { createKeyPairSignerFromBytes, type TransactionPartialSigner } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { buildTransaction, newKey, nobleSign } from '../../test/fixtures.js';
import { signTransaction } from '../sign-transaction.js';
import { signerFromSecretKey } from './from-secret-key.js';
import { toSigner } from './to-signer.js';

describe('toSigner', () => {
  it('returns a Signer as is', async () => {
    const signer = await signerFromSecretKey(newKey().secretKey);
    expect(toSigner(signer)).toBe(signer);
  });

  it('adapts a kit KeyPairSigner with both capabilities', async () => {
    const kitSigner = await createKeyPairSignerFromBytes(newKey().secretKey);
    const signer = toSigner(kitSigner);
    expect(signer.address).toBe(kitSigner.address);
    expect(typeof signer.signTransactionMessage).toBe('function');
    expect(typeof signer.signMessageBytes).toBe('function');
  });

  it('adapts a wallet with only signMessage, keyed by publicKey text', () => {
    const key = newKey();
    const signer = toSigner({ publicKey: key.address, signMessage: async () => new Uint8Array(64) });
    expect(signer.address).toBe(key.address);
    expect(signer.signTransactionMessage).toBeUndefined();
  });

  it.each([
    ['null', null],
    ['an object without signing methods', { address: newKey().address }],
    ['a wallet without an address', { signTransaction: async (t: Uint8Array) => t }],
    ['a wallet with an invalid address', { address: 'not-an-address', signTransaction: async (t: Uint8Array) => t }],
  ])('refuses %s', (_name, value) => {
    expect(() => toSigner(value as never)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });
});

describe('kit TransactionPartialSigner adapter', () => {
  it('hands the signer kit’s { messageBytes, signatures } view of the original bytes', async () => {
    const key = newKey();
    const tx = buildTransaction({ version: 0, feePayer: key.address });
    let seen: Uint8Array | undefined;
    const custom: TransactionPartialSigner = {
      address: key.address,
      async signTransactions(transactions) {
        seen = new Uint8Array(transactions[0]!.messageBytes);
        return [{ [key.address]: await nobleSign(key, seen) } as never];
      },
    };
    await signTransaction(tx.base64, custom);
    expect(seen).toEqual(tx.messageBytes);
  });

  it('refuses a kit signer whose signature does not verify, or that returns none', async () => {
    const key = newKey();
    const tx = buildTransaction({ version: 0, feePayer: key.address });
    const wrong: TransactionPartialSigner = {
      address: key.address,
      signTransactions: async () => [{ [key.address]: new Uint8Array(64).fill(1) } as never],
    };
    const none: TransactionPartialSigner = { address: key.address, signTransactions: async () => [{} as never] };
    await expect(signTransaction(tx.base64, wrong)).rejects.toMatchObject({ code: 'SIGNER_RETURNED_INVALID_SIGNATURE' });
    await expect(signTransaction(tx.base64, none)).rejects.toMatchObject({ code: 'SIGNER_RETURNED_INVALID_SIGNATURE' });
  });
});
