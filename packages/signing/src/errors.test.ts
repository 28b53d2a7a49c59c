/**
 * No error may carry key material: every failure path reachable with a known secret key is run,
 * and each error (message, stack, details, cause, inspected form) is searched for the secret in
 * every encoding it could have been given in.
 */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildTransaction, newKey, randomAddress, toBase58, toBase64, ZERO_BLOCKHASH } from '../test/fixtures.js';
import { isSigningError, SignerError, SigningError, TransactionFormatError, TransactionRejectedError } from './errors.js';
import { signMessageBytes } from './sign-message.js';
import { signTransaction } from './sign-transaction.js';
import { signerFromSecretKey } from './signers/from-secret-key.js';

function secretForms(secretKey: Uint8Array): string[] {
  const seed = secretKey.subarray(0, 32);
  const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
  return [
    hex(seed),
    hex(seed).toUpperCase(),
    toBase64(seed),
    toBase64(secretKey),
    toBase58(seed),
    toBase58(secretKey),
    toBase58(secretKey).slice(0, 20),
    [...seed.subarray(0, 8)].join(', '),
    // Every pair of consecutive seed bytes as JSON numbers: a parser error quotes ~10 characters.
    ...Array.from({ length: 31 }, (_, start) => [...seed.subarray(start, start + 2)].join(',')),
  ];
}

function everythingIn(error: unknown): string {
  const e = error as Error & { details?: unknown; cause?: unknown };
  return [
    e.message,
    e.stack,
    JSON.stringify(e),
    JSON.stringify(e.details),
    String(e.cause),
    inspect(e, { depth: 10, showHidden: true }),
  ].join('\n');
}

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('errors never contain key material', () => {
  it('across secret-key parsing and signing failures', async () => {
    const key = newKey();
    const json = JSON.stringify([...key.secretKey]);
    const base58 = toBase58(key.secretKey);
    const signer = await signerFromSecretKey(key.secretKey);
    const mismatched = key.secretKey.slice();
    mismatched.set(newKey().publicKey, 32);
    const ownTx = buildTransaction({ version: 0, feePayer: key.address });

    const errors = await Promise.all([
      failure(() => signerFromSecretKey(key.secretKey.subarray(0, 63))),
      failure(() => signerFromSecretKey(json.slice(0, -1))), // JSON.parse would quote this text
      failure(() => signerFromSecretKey(json.replace('[', '[['))),
      failure(() => signerFromSecretKey(json.replace(',', ',x,'))), // V8 quotes the text around an unexpected token
      failure(() => signerFromSecretKey(`${base58.slice(0, -1)}0`)), // kit's base58 error would quote this
      failure(() => signerFromSecretKey(`${base58}${base58}`)),
      failure(() => signerFromSecretKey(toBase58(key.seed))),
      failure(() => signerFromSecretKey([...key.secretKey.subarray(0, 63), 300])),
      failure(() => signerFromSecretKey(mismatched)),
      failure(() => signTransaction(buildTransaction({ version: 0, feePayer: randomAddress() }).base64, signer)),
      failure(() => signTransaction(buildTransaction({ version: 0, feePayer: randomAddress(), signers: [key.address] }).base64, signer)),
      failure(() => signTransaction(buildTransaction({ version: 0, feePayer: key.address, blockhash: ZERO_BLOCKHASH }).base64, signer)),
      failure(() => signTransaction(`${ownTx.base64}AAAA`, signer)),
      failure(() => signTransaction('not base64', signer)),
      failure(() => signMessageBytes(ownTx.messageBytes, signer)),
    ]);

    const forms = secretForms(key.secretKey);
    for (const error of errors) {
      expect(isSigningError(error)).toBe(true);
      const text = everythingIn(error);
      for (const form of forms) expect(text).not.toContain(form);
    }
    // The checks are meaningful: the same search finds the secret where it is.
    expect(forms.some((form) => `${json}\n${base58}`.includes(form))).toBe(true);
  });

  it('error classes carry name, code, details and nothing else of note', () => {
    const error = new TransactionRejectedError('ZERO_BLOCKHASH', 'zero', { index: 1 });
    expect(error).toBeInstanceOf(SigningError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('TransactionRejectedError');
    expect(Object.keys(error).sort()).toEqual(['code', 'details', 'name']);
    expect(isSigningError(error, 'ZERO_BLOCKHASH')).toBe(true);
    expect(isSigningError(error, 'TRAILING_BYTES')).toBe(false);
    expect(new TransactionFormatError('TRAILING_BYTES', 'x').name).toBe('TransactionFormatError');
    expect(new SignerError('SIGNER_FAILED', 'x').name).toBe('SignerError');
    expect(isSigningError(new Error('x'))).toBe(false);
  });
});
