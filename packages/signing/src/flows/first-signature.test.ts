import { describe, expect, it } from 'vitest';
import { encodeBase64 } from '../encoding.js';
import { inspectTransaction } from '../inspect.js';
import { firstSignature, signaturesOf } from './first-signature.js';

/** A legacy transaction with `slots` signature slots, the first `filled` of them holding bytes. */
function transaction(slots: number, filled: number): string {
  const header = [slots, 0, 1];
  const accounts = slots + 1;
  const bytes = [slots];
  for (let slot = 0; slot < slots; slot++) bytes.push(...new Array(64).fill(slot < filled ? slot + 7 : 0));
  bytes.push(...header, accounts);
  for (let account = 0; account < accounts; account++) bytes.push(...new Array(32).fill(account + 1));
  bytes.push(...new Array(32).fill(9)); // blockhash
  bytes.push(0); // no instruction
  return encodeBase64(new Uint8Array(bytes));
}

describe('firstSignature', () => {
  it('is the first slot in base58, as inspectTransaction reads it', () => {
    for (const [slots, filled] of [
      [1, 1],
      [2, 1],
      [2, 2],
    ] as const) {
      const signed = transaction(slots, filled);
      expect(firstSignature(signed)).toBe(inspectTransaction(signed).signers[0]?.signature);
      expect(firstSignature(signed)).toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/);
    }
  });

  it('is undefined while the first slot is empty (the fee payer signs later)', () => {
    const signed = transaction(2, 0);
    expect(firstSignature(signed)).toBeUndefined();
    expect(inspectTransaction(signed).signers[0]?.signature).toBeNull();
  });

  it('refuses what is not a transaction, as inspectTransaction does', () => {
    expect(() => firstSignature('not base64!')).toThrow(expect.objectContaining({ code: 'INVALID_ENCODING' }));
    expect(() => firstSignature(encodeBase64(new Uint8Array([1, 2, 3])))).toThrow(
      expect.objectContaining({ code: 'MALFORMED_TRANSACTION' }),
    );
  });

  it('signaturesOf reads the first slot and a signer’s slot as inspectTransaction does', () => {
    for (const [slots, filled] of [
      [1, 1],
      [2, 1],
      [2, 2],
      [2, 0],
    ] as const) {
      const signed = transaction(slots, filled);
      const { signers } = inspectTransaction(signed);
      for (const signer of [...signers, { address: 'So11111111111111111111111111111111111111112', signature: undefined }]) {
        expect(signaturesOf(signed, signer.address)).toEqual({
          first: signers[0]?.signature ?? undefined,
          signer: signer.signature ?? undefined,
        });
      }
    }
  });
});
