import { getTransactionDecoder, type TransactionPartialSigner } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { buildTransaction, newKey, nobleSign, withSignature } from '../../test/fixtures.js';
import { signTransaction } from '../sign-transaction.js';
import { signerFromKitSigner } from './from-kit-signer.js';

type KitTransaction = Parameters<TransactionPartialSigner['signTransactions']>[0][number];

describe('signerFromKitSigner', () => {
  it("hands a kit signer the transaction kit's own decoder gives: the same message bytes, the same signatures (null for an empty slot)", async () => {
    const payer = newKey();
    const wallet = newKey();
    const built = buildTransaction({ version: 0, feePayer: payer.address, signers: [wallet.address] });
    const tx = withSignature(built, 0, await nobleSign(payer, built.messageBytes)); // the payer has signed already
    const seen: KitTransaction[] = [];
    const kitSigner: TransactionPartialSigner = {
      address: wallet.address as TransactionPartialSigner['address'],
      async signTransactions(transactions) {
        seen.push(...transactions);
        return [{ [wallet.address]: await nobleSign(wallet, new Uint8Array(transactions[0]!.messageBytes)) }] as never;
      },
    };
    await signTransaction(tx.base64, signerFromKitSigner(kitSigner), { feePayer: payer.address });

    const expected = getTransactionDecoder().decode(tx.bytes);
    expect(seen).toHaveLength(1);
    expect(new Uint8Array(seen[0]!.messageBytes)).toEqual(new Uint8Array(expected.messageBytes));
    expect(Object.keys(seen[0]!.signatures)).toEqual(Object.keys(expected.signatures));
    for (const [address, signature] of Object.entries(expected.signatures)) {
      const given = seen[0]!.signatures[address as keyof typeof expected.signatures];
      expect(given === null ? null : new Uint8Array(given!), address).toEqual(signature === null ? null : new Uint8Array(signature));
    }
    expect(seen[0]!.signatures[wallet.address as keyof typeof expected.signatures]).toBeNull();
    expect(Object.isFrozen(seen[0])).toBe(true);
  });

  it('hands a kit message signer a signable message of the bytes, with no signatures', async () => {
    const wallet = newKey();
    const seen: { content: Uint8Array; signatures: object }[] = [];
    const signer = signerFromKitSigner({
      address: wallet.address as TransactionPartialSigner['address'],
      async signMessages(messages) {
        seen.push(...messages);
        return [{ [wallet.address]: await nobleSign(wallet, new Uint8Array(messages[0]!.content)) }] as never;
      },
    });
    const message = new TextEncoder().encode('sign in');
    await signer.signMessageBytes!(message);
    expect(seen[0]!.content).toEqual(message);
    expect(seen[0]!.signatures).toEqual({});
  });
});
