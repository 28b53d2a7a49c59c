import { createKeyPairSignerFromBytes } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import {
  buildTransaction,
  decodeBase64,
  fixedSpecExample,
  newKey,
  nobleSign,
  nobleVerify,
  randomAddress,
  toBase64,
  withSignature,
} from '../test/fixtures.js';
import { inspectTransaction } from './inspect.js';
import { signTransaction, signTransactionBytes } from './sign-transaction.js';
import { signerFromSecretKey } from './signers/from-secret-key.js';
import { signerFromKitSigner } from './signers/from-kit-signer.js';
import { signerFromWallet } from './signers/from-wallet.js';

function onlySlotChanged(before: Uint8Array, after: Uint8Array, slotStart: number): void {
  expect(after.length).toBe(before.length);
  expect(after.subarray(0, slotStart)).toEqual(before.subarray(0, slotStart));
  expect(after.subarray(slotStart + 64)).toEqual(before.subarray(slotStart + 64));
}

describe('signTransaction', () => {
  it.each([
    ['legacy', 'legacy' as const, undefined],
    ['v0', 0 as const, undefined],
    ['v0 with a lookup table', 0 as const, randomAddress()],
  ])('signs a %s transaction; the signature verifies with an independent Ed25519', async (_name, version, lookupTable) => {
    const wallet = newKey();
    const tx = buildTransaction({ version, feePayer: wallet.address, ...(lookupTable ? { lookupTable } : {}) });
    const signer = await signerFromSecretKey(wallet.secretKey);
    const signed = decodeBase64(await signTransaction(tx.base64, signer));
    onlySlotChanged(tx.bytes, signed, 1);
    const signature = signed.subarray(1, 65);
    expect(await nobleVerify(signature, tx.messageBytes, wallet.publicKey)).toBe(true);
    // Deterministic Ed25519: the same bytes noble produces from the seed.
    expect(signature).toEqual(await nobleSign(wallet, tx.messageBytes));
  });

  it('fills only its own slot and keeps a pre-filled co-signer slot byte for byte', async () => {
    const payer = newKey(); // e.g. the service's gas wallet, fee payer, slot 0
    const wallet = newKey(); // slot 1
    const unsigned = buildTransaction({ version: 0, feePayer: payer.address, signers: [wallet.address], lookupTable: randomAddress() });
    expect(unsigned.signerAddresses).toEqual([payer.address, wallet.address]);
    const coSigned = withSignature(unsigned, 0, await nobleSign(payer, unsigned.messageBytes));
    const signer = await signerFromSecretKey(wallet.secretKey);

    const signed = decodeBase64(await signTransaction(coSigned.base64, signer, { feePayer: payer.address, requiredSignatures: 2 }));

    onlySlotChanged(coSigned.bytes, signed, 1 + 64);
    expect(signed.subarray(1, 65)).toEqual(coSigned.bytes.subarray(1, 65));
    expect(await nobleVerify(signed.subarray(65, 129), unsigned.messageBytes, wallet.publicKey)).toBe(true);
    expect(await nobleVerify(signed.subarray(1, 65), unsigned.messageBytes, payer.publicKey)).toBe(true);
    const inspected = inspectTransaction(toBase64(signed));
    expect(inspected.signers.map((s) => s.signed)).toEqual([true, true]);
  });

  it('leaves an empty co-signer slot empty (the payer signs later)', async () => {
    const payer = newKey();
    const wallet = newKey();
    const tx = buildTransaction({ version: 0, feePayer: payer.address, signers: [wallet.address] });
    const signed = decodeBase64(
      await signTransaction(tx.base64, await signerFromSecretKey(wallet.secretKey), { feePayer: [randomAddress(), payer.address] }),
    );
    expect(signed.subarray(1, 65).every((byte) => byte === 0)).toBe(true);
    onlySlotChanged(tx.bytes, signed, 65);
  });

  it("signs a hand-assembled transaction's message bytes as received", async () => {
    // The spec example is a hand-assembled v0 transfer; its bytes are kept exactly.
    const bytes = fixedSpecExample();
    const wallet = newKey();
    // Put our wallet in the fee-payer position of this hand-made message.
    bytes.set(wallet.publicKey, 1 + 64 + 1 + 3 + 1);
    const signed = await signTransactionBytes(bytes, await signerFromSecretKey(wallet.secretKey));
    onlySlotChanged(bytes, signed, 1);
    expect(await nobleVerify(signed.subarray(1, 65), bytes.subarray(65), wallet.publicKey)).toBe(true);
  });

  it('does not modify the input bytes', async () => {
    const wallet = newKey();
    const tx = buildTransaction({ version: 0, feePayer: wallet.address });
    const input = tx.bytes.slice();
    await signTransactionBytes(input, await signerFromSecretKey(wallet.secretKey));
    expect(input).toEqual(tx.bytes);
  });

  it('signs with a kit KeyPairSigner through signerFromKitSigner, and with the kit signer passed directly', async () => {
    const wallet = newKey();
    const kitSigner = await createKeyPairSignerFromBytes(wallet.secretKey);
    const tx = buildTransaction({ version: 'legacy', feePayer: wallet.address });
    for (const signer of [signerFromKitSigner(kitSigner), kitSigner]) {
      const signed = decodeBase64(await signTransaction(tx.base64, signer));
      expect(await nobleVerify(signed.subarray(1, 65), tx.messageBytes, wallet.publicKey)).toBe(true);
    }
  });

  it('signs with a wallet-style object and keeps only its signature', async () => {
    const payer = newKey();
    const wallet = newKey();
    const tx = buildTransaction({ version: 0, feePayer: payer.address, signers: [wallet.address] });
    const seen: Uint8Array[] = [];
    const walletObject = {
      publicKey: { toBase58: () => wallet.address },
      async signTransaction(transaction: Uint8Array) {
        seen.push(transaction);
        const out = transaction.slice();
        out.set(await nobleSign(wallet, tx.messageBytes), 65);
        out.fill(7, 1, 65); // a misbehaving wallet also scribbles on the other slot
        return { signedTransaction: out };
      },
    };
    const signed = decodeBase64(await signTransaction(tx.base64, signerFromWallet(walletObject), { feePayer: payer.address }));
    expect(seen[0]).toEqual(tx.bytes);
    expect(signed.subarray(1, 65).every((byte) => byte === 0)).toBe(true); // the scribble was not copied
    expect(await nobleVerify(signed.subarray(65, 129), tx.messageBytes, wallet.publicKey)).toBe(true);
  });

  it('refuses a wallet that changed the transaction before signing it', async () => {
    const wallet = newKey();
    const tx = buildTransaction({ version: 0, feePayer: wallet.address });
    const other = buildTransaction({ version: 0, feePayer: wallet.address });
    const sneaky = signerFromWallet({
      address: wallet.address,
      async signTransaction() {
        return withSignature(other, 0, await nobleSign(wallet, other.messageBytes)).bytes;
      },
    });
    await expect(signTransaction(tx.base64, sneaky)).rejects.toMatchObject({ code: 'SIGNER_RETURNED_INVALID_SIGNATURE' });
  });

  it('reports a wallet rejection as SIGNER_FAILED with the wallet error as cause', async () => {
    const wallet = newKey();
    const tx = buildTransaction({ version: 0, feePayer: wallet.address });
    const rejection = Object.assign(new Error('User rejected the request.'), { code: 4001 });
    const error = await signTransaction(tx.base64, {
      address: wallet.address,
      signTransaction: () => Promise.reject(rejection),
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'SignerError', code: 'SIGNER_FAILED' });
    expect((error as Error).cause).toBe(rejection);
  });

  it('refuses a signer that can only sign messages', async () => {
    const wallet = newKey();
    const tx = buildTransaction({ version: 0, feePayer: wallet.address });
    const messageOnly = signerFromWallet({ address: wallet.address, signMessage: async () => new Uint8Array(64) });
    await expect(signTransaction(tx.base64, messageOnly)).rejects.toMatchObject({ code: 'SIGNER_UNSUPPORTED' });
  });
});
