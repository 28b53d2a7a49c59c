/**
 * The adversarial corpus: transactions that must be refused before anything is signed.
 * The signer used here counts its calls, so every case also proves the signer was never asked.
 */
import { describe, expect, it } from 'vitest';
import {
  buildTransaction,
  newKey,
  nobleSign,
  randomAddress,
  toBase64,
  withSignature,
  ZERO_BLOCKHASH,
  type TestKey,
  countingSigner,
} from '../test/fixtures.js';
import { TransactionFormatError, TransactionRejectedError, type SigningErrorCode } from './errors.js';
import { inspectTransactionBytes } from './inspect.js';
import { signTransaction, signTransactionBytes, type SignTransactionExpectations } from './sign-transaction.js';

interface Case {
  readonly name: string;
  readonly code: SigningErrorCode;
  readonly kind: typeof TransactionFormatError | typeof TransactionRejectedError;
  make(wallet: TestKey): Promise<{ transaction: string; expectations?: SignTransactionExpectations }>;
}

function mutate(bytes: Uint8Array, change: (copy: Uint8Array) => void): string {
  const copy = bytes.slice();
  change(copy);
  return toBase64(copy);
}

const MESSAGE_START = 1 + 64; // one signature slot

const cases: Case[] = [
  {
    name: 'a wrong fee payer (someone else pays, not expected)',
    code: 'UNEXPECTED_FEE_PAYER',
    kind: TransactionRejectedError,
    async make(wallet) {
      const tx = buildTransaction({ version: 0, feePayer: randomAddress(), signers: [wallet.address] });
      return { transaction: tx.base64 };
    },
  },
  {
    name: 'a fee payer other than the expected payer',
    code: 'UNEXPECTED_FEE_PAYER',
    kind: TransactionRejectedError,
    async make(wallet) {
      const tx = buildTransaction({ version: 0, feePayer: randomAddress(), signers: [wallet.address] });
      return { transaction: tx.base64, expectations: { feePayer: randomAddress() } };
    },
  },
  {
    name: 'a transaction the wallet is not a signer of',
    code: 'NOT_A_SIGNER',
    kind: TransactionRejectedError,
    async make() {
      return { transaction: buildTransaction({ version: 0, feePayer: newKey().address }).base64 };
    },
  },
  {
    name: 'an unexpected extra signer',
    code: 'UNEXPECTED_SIGNERS',
    kind: TransactionRejectedError,
    async make(wallet) {
      const tx = buildTransaction({ version: 0, feePayer: wallet.address, signers: [randomAddress()] });
      return { transaction: tx.base64, expectations: { signers: [wallet.address] } };
    },
  },
  {
    name: 'an unexpected number of required signatures',
    code: 'SIGNATURE_COUNT_MISMATCH',
    kind: TransactionRejectedError,
    async make(wallet) {
      const tx = buildTransaction({ version: 'legacy', feePayer: wallet.address, signers: [randomAddress()] });
      return { transaction: tx.base64, expectations: { requiredSignatures: 1 } };
    },
  },
  {
    name: 'a program outside the allowed list',
    code: 'UNEXPECTED_PROGRAM',
    kind: TransactionRejectedError,
    async make(wallet) {
      const tx = buildTransaction({ version: 0, feePayer: wallet.address });
      return { transaction: tx.base64, expectations: { programs: [randomAddress()] } };
    },
  },
  {
    name: 'a bad existing co-signer signature',
    code: 'INVALID_EXISTING_SIGNATURE',
    kind: TransactionRejectedError,
    async make(wallet) {
      const payer = newKey();
      const tx = buildTransaction({ version: 0, feePayer: payer.address, signers: [wallet.address] });
      const signature = await nobleSign(payer, tx.messageBytes);
      signature[10] = (signature[10] as number) ^ 1;
      return { transaction: withSignature(tx, 0, signature).base64, expectations: { feePayer: payer.address } };
    },
  },
  {
    name: 'a co-signer signature made over another message',
    code: 'INVALID_EXISTING_SIGNATURE',
    kind: TransactionRejectedError,
    async make(wallet) {
      const payer = newKey();
      const tx = buildTransaction({ version: 'legacy', feePayer: payer.address, signers: [wallet.address] });
      const signature = await nobleSign(payer, new Uint8Array([1, 2, 3]));
      return { transaction: withSignature(tx, 0, signature).base64, expectations: { feePayer: payer.address } };
    },
  },
  {
    name: 'a zero blockhash',
    code: 'ZERO_BLOCKHASH',
    kind: TransactionRejectedError,
    async make(wallet) {
      return { transaction: buildTransaction({ version: 0, feePayer: wallet.address, blockhash: ZERO_BLOCKHASH }).base64 };
    },
  },
  {
    name: 'trailing bytes',
    code: 'TRAILING_BYTES',
    kind: TransactionFormatError,
    async make(wallet) {
      const tx = buildTransaction({ version: 0, feePayer: wallet.address });
      return { transaction: toBase64(new Uint8Array([...tx.bytes, 0, 0, 0, 0])) };
    },
  },
  {
    name: 'an unknown version (message version byte 0x81)',
    code: 'UNSUPPORTED_VERSION',
    kind: TransactionFormatError,
    async make(wallet) {
      const tx = buildTransaction({ version: 0, feePayer: wallet.address });
      return {
        transaction: mutate(tx.bytes, (copy) => {
          copy[MESSAGE_START] = 0x81;
        }),
      };
    },
  },
  {
    name: 'an unknown version (version byte 0xff)',
    code: 'UNSUPPORTED_VERSION',
    kind: TransactionFormatError,
    async make(wallet) {
      const tx = buildTransaction({ version: 0, feePayer: wallet.address });
      return {
        transaction: mutate(tx.bytes, (copy) => {
          copy[MESSAGE_START] = 0xff;
        }),
      };
    },
  },
  {
    name: 'a transaction in the message-first versioned layout',
    code: 'UNSUPPORTED_VERSION',
    kind: TransactionFormatError,
    async make(wallet) {
      const tx = buildTransaction({ version: 0, feePayer: wallet.address });
      return {
        transaction: toBase64(new Uint8Array([0x81, ...tx.bytes.subarray(MESSAGE_START + 1), ...tx.bytes.subarray(1, MESSAGE_START)])),
      };
    },
  },
  {
    name: 'a truncated transaction (last byte missing)',
    code: 'MALFORMED_TRANSACTION',
    kind: TransactionFormatError,
    async make(wallet) {
      const tx = buildTransaction({ version: 0, feePayer: wallet.address });
      return { transaction: toBase64(tx.bytes.subarray(0, tx.bytes.length - 1)) };
    },
  },
  {
    name: 'a truncated transaction (inside the signatures)',
    code: 'MALFORMED_TRANSACTION',
    kind: TransactionFormatError,
    async make(wallet) {
      const tx = buildTransaction({ version: 'legacy', feePayer: wallet.address });
      return { transaction: toBase64(tx.bytes.subarray(0, 40)) };
    },
  },
  {
    name: 'one byte',
    code: 'MALFORMED_TRANSACTION',
    kind: TransactionFormatError,
    async make() {
      return { transaction: 'AQ==' };
    },
  },
  {
    name: 'a signature slot count that differs from the header',
    code: 'MALFORMED_TRANSACTION',
    kind: TransactionFormatError,
    async make(wallet) {
      const tx = buildTransaction({ version: 0, feePayer: wallet.address });
      return {
        transaction: toBase64(
          new Uint8Array([2, ...tx.bytes.subarray(1, MESSAGE_START), ...new Uint8Array(64), ...tx.bytes.subarray(MESSAGE_START)]),
        ),
      };
    },
  },
  {
    name: 'invalid base64 (bad characters)',
    code: 'INVALID_ENCODING',
    kind: TransactionFormatError,
    async make() {
      return { transaction: '!!!not-base64!!!' };
    },
  },
  {
    name: 'invalid base64 (missing padding)',
    code: 'INVALID_ENCODING',
    kind: TransactionFormatError,
    async make(wallet) {
      return { transaction: `${buildTransaction({ version: 0, feePayer: wallet.address }).base64.replace(/=+$/, '')}A` };
    },
  },
  {
    name: 'base64 with whitespace inside',
    code: 'INVALID_ENCODING',
    kind: TransactionFormatError,
    async make(wallet) {
      const text = buildTransaction({ version: 0, feePayer: wallet.address }).base64;
      return { transaction: `${text.slice(0, 8)}\n${text.slice(8)}` };
    },
  },
  {
    name: 'an empty string',
    code: 'INVALID_ENCODING',
    kind: TransactionFormatError,
    async make() {
      return { transaction: '' };
    },
  },
];

describe('signTransaction refuses the adversarial corpus', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, testCase) => {
    const wallet = newKey();
    const signer = countingSigner(wallet);
    const { transaction, expectations } = await testCase.make(wallet);
    const error = await signTransaction(transaction, signer, expectations).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(testCase.kind);
    expect(error).toMatchObject({ code: testCase.code });
    expect(signer.calls).toBe(0);
  });

  it('accepts the unmodified versions of the corpus transactions (the refusals are not blanket)', async () => {
    const wallet = newKey();
    const signer = countingSigner(wallet);
    const payer = newKey();
    const tx = buildTransaction({ version: 0, feePayer: payer.address, signers: [wallet.address] });
    const coSigned = withSignature(tx, 0, await nobleSign(payer, tx.messageBytes));
    await expect(
      signTransaction(coSigned.base64, signer, {
        feePayer: payer.address,
        requiredSignatures: 2,
        signers: [wallet.address, payer.address],
      }),
    ).resolves.toEqual(expect.any(String));
    expect(signer.calls).toBe(1);
  });
});

describe('bytes that are not a Uint8Array (a caller without the types)', () => {
  it.each([
    ['undefined', undefined],
    ['null', null],
    ['an array of numbers', [1, 2, 3]],
    ['a string', 'AQID'],
  ])('%s: signTransactionBytes and inspectTransactionBytes throw INVALID_ENCODING, the signer is not asked', async (_name, value) => {
    const signer = countingSigner(newKey());
    await expect(signTransactionBytes(value as never, signer)).rejects.toMatchObject({
      name: 'TransactionFormatError',
      code: 'INVALID_ENCODING',
    });
    expect(() => inspectTransactionBytes(value as never)).toThrow(TransactionFormatError);
    expect(signer.calls).toBe(0);
  });

  it('a Buffer (a Uint8Array) is read as bytes', async () => {
    const wallet = newKey();
    const tx = buildTransaction({ version: 0, feePayer: wallet.address });
    const signed = await signTransactionBytes(Buffer.from(tx.bytes), countingSigner(wallet));
    expect(inspectTransactionBytes(signed).signers[0]?.signed).toBe(true);
  });
});

describe('expectations of the wrong shape (a caller without the types)', () => {
  it.each([
    ['programs', { programs: 'x' }],
    ['programs', { programs: 5 }],
    ['signers', { signers: 'abc' }],
    ['signers', { signers: 5 }],
    ['expect.transfers', { expect: { transfers: 5 } }],
    ['expect.allowDestinations', { expect: { allowDestinations: {} } }],
    ['expect.unnamedNativeTransfer.notTo', { expect: { unnamedNativeTransfer: { maxLamports: 1, notTo: 5 } } }],
  ])(
    '%s of %j is INVALID_ARGUMENT naming it, not a TypeError or a refusal of the transaction; nothing signed',
    async (field, expectations) => {
      const wallet = newKey();
      const signer = countingSigner(wallet);
      const tx = buildTransaction({ version: 0, feePayer: wallet.address }).base64;
      const refusal = signTransaction(tx, signer, expectations as never);
      await expect(refusal).rejects.toMatchObject({ name: 'SigningError', code: 'INVALID_ARGUMENT' });
      await expect(refusal).rejects.toThrow(`${field} must be`);
      expect(signer.calls).toBe(0);
    },
  );

  it.each([[5], [{}]])('a feePayer of %j, read when someone else pays the fee, is INVALID_ARGUMENT naming it', async (feePayer) => {
    const wallet = newKey();
    const signer = countingSigner(wallet);
    const tx = buildTransaction({ version: 0, feePayer: randomAddress(), signers: [wallet.address] }).base64;
    const refusal = signTransaction(tx, signer, { feePayer } as never);
    await expect(refusal).rejects.toMatchObject({ name: 'SigningError', code: 'INVALID_ARGUMENT' });
    await expect(refusal).rejects.toThrow('feePayer must be');
    expect(signer.calls).toBe(0);
  });
});
