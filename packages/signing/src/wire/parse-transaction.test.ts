import { getAddressDecoder, getBase58Decoder, getCompiledTransactionMessageDecoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { TransactionFormatError } from '../errors.js';
import {
  buildTransaction,
  decodeBase64,
  fixedSpecExample,
  newKey,
  randomAddress,
  rawInstruction,
  SPEC_EXAMPLE_TRANSACTION,
  SPEC_TAKER,
} from '../../test/fixtures.js';
import {
  blockhashBytes,
  instructionAccounts,
  instructionData,
  lookupIndexes,
  messageBytes,
  parseTransaction,
  staticAccountBytes,
} from './parse-transaction.js';

const addressDecoder = getAddressDecoder();

function crossCheck(bytes: Uint8Array) {
  const parsed = parseTransaction(bytes);
  const [kit, end] = getCompiledTransactionMessageDecoder().read(messageBytes(parsed), 0);
  expect(end).toBe(messageBytes(parsed).length);
  expect(parsed.version).toBe(kit.version);
  expect(parsed.numRequiredSignatures).toBe(kit.header.numSignerAccounts);
  expect(parsed.numReadonlySignedAccounts).toBe(kit.header.numReadonlySignerAccounts);
  expect(parsed.numReadonlyUnsignedAccounts).toBe(kit.header.numReadonlyNonSignerAccounts);
  const accounts = Array.from({ length: parsed.staticAccountCount }, (_, i) => addressDecoder.decode(staticAccountBytes(parsed, i)));
  expect(accounts).toEqual(kit.staticAccounts);
  expect(getBase58Decoder().decode(blockhashBytes(parsed))).toBe(kit.lifetimeToken);
  if (kit.version === 'legacy' || kit.version === 0) {
    expect(
      parsed.instructions.map((ix) => ({
        programIndex: ix.programIndex,
        accounts: [...instructionAccounts(parsed, ix)],
        data: [...instructionData(parsed, ix)],
      })),
    ).toEqual(
      kit.instructions.map((ix) => ({
        programIndex: ix.programAddressIndex,
        accounts: ix.accountIndices ?? [],
        data: [...(ix.data ?? [])],
      })),
    );
  }
  const kitLookups = kit.version === 0 ? (kit.addressTableLookups ?? []) : [];
  expect(
    parsed.addressTableLookups.map((lookup) => ({
      lookupTableAddress: addressDecoder.decode(parsed.bytes.subarray(lookup.tableOffset, lookup.tableOffset + 32)),
      writableIndexes: [...lookupIndexes(parsed, lookup, 'writable')],
      readonlyIndexes: [...lookupIndexes(parsed, lookup, 'readonly')],
    })),
  ).toEqual(
    kitLookups.map((lookup) => ({ ...lookup, writableIndexes: [...lookup.writableIndexes], readonlyIndexes: [...lookup.readonlyIndexes] })),
  );
  return parsed;
}

describe('parseTransaction agrees with kit', () => {
  it('on a legacy transaction with two signers', () => {
    const tx = buildTransaction({ version: 'legacy', feePayer: newKey().address, signers: [newKey().address] });
    const parsed = crossCheck(tx.bytes);
    expect(parsed.version).toBe('legacy');
    expect(parsed.signatureCount).toBe(2);
  });

  it('on a v0 transaction without lookup tables', () => {
    const parsed = crossCheck(buildTransaction({ version: 0, feePayer: newKey().address }).bytes);
    expect(parsed.version).toBe(0);
    expect(parsed.addressTableLookups).toHaveLength(0);
  });

  it('on a v0 transaction with a lookup table', () => {
    const parsed = crossCheck(buildTransaction({ version: 0, feePayer: newKey().address, lookupTable: randomAddress() }).bytes);
    expect(parsed.addressTableLookups).toHaveLength(1);
  });

  it('on the spec example transaction once its 61-byte signature slot is padded to 64', () => {
    const parsed = crossCheck(fixedSpecExample());
    expect(parsed.version).toBe(0);
    expect(parsed.numRequiredSignatures).toBe(1);
    expect(addressDecoder.decode(staticAccountBytes(parsed, 0))).toBe(SPEC_TAKER);
  });

  it('refuses the spec example as published (signature slot 3 bytes short)', () => {
    expect(() => parseTransaction(decodeBase64(SPEC_EXAMPLE_TRANSACTION))).toThrow(TransactionFormatError);
  });
});

describe('parseTransaction accepts', () => {
  it('distinct static accounts that share their first bytes', () => {
    const first = crypto.getRandomValues(new Uint8Array(32));
    const second = first.slice();
    second[31] = (second[31] as number) ^ 1;
    const third = first.slice();
    third[4] = (third[4] as number) ^ 0x80;
    const [a, b, c] = [first, second, third].map((bytes) => addressDecoder.decode(bytes));
    const tx = buildTransaction({
      version: 'legacy',
      feePayer: newKey().address,
      instructions: [
        rawInstruction(
          randomAddress(),
          [
            [a!, 'w'],
            [b!, 'w'],
            [c!, 'r'],
          ],
          [1],
        ),
      ],
    });
    const parsed = crossCheck(tx.bytes);
    const statics = Array.from({ length: parsed.staticAccountCount }, (_, i) => addressDecoder.decode(staticAccountBytes(parsed, i)));
    expect(statics).toEqual(expect.arrayContaining([a, b, c]));
  });
});

describe('parseTransaction refuses', () => {
  const valid = buildTransaction({ version: 0, feePayer: newKey().address, lookupTable: randomAddress() }).bytes;

  it('every truncation of a valid transaction, with a format error', () => {
    for (let length = 0; length < valid.length; length++) {
      expect(() => parseTransaction(valid.subarray(0, length)), `length ${length}`).toThrow(TransactionFormatError);
    }
  });

  it('trailing bytes', () => {
    const bytes = new Uint8Array([...valid, 0]);
    expect(() => parseTransaction(bytes)).toThrow(expect.objectContaining({ code: 'TRAILING_BYTES', details: { trailingBytes: 1 } }));
  });

  it('an unknown message version', () => {
    const bytes = valid.slice();
    bytes[1 + 64] = 0x81;
    expect(() => parseTransaction(bytes)).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_VERSION', details: { version: 1 } }));
  });

  it('the message-first versioned layout', () => {
    const bytes = valid.slice();
    bytes[0] = 0x81;
    expect(() => parseTransaction(bytes)).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_VERSION' }));
  });

  it('a header that disagrees with the signature slots', () => {
    const bytes = valid.slice();
    bytes[1 + 64 + 1] = 2; // numRequiredSignatures
    expect(() => parseTransaction(bytes)).toThrow(expect.objectContaining({ code: 'MALFORMED_TRANSACTION' }));
  });

  it('a duplicated static account', () => {
    const legacy = buildTransaction({ version: 'legacy', feePayer: newKey().address }).bytes.slice();
    // static accounts start after: count(1) + sig(64) + header(3) + length(1)
    const start = 1 + 64 + 3 + 1;
    legacy.copyWithin(start + 32, start, start + 32);
    expect(() => parseTransaction(legacy)).toThrow(expect.objectContaining({ code: 'MALFORMED_TRANSACTION' }));
  });

  it('a static account listed again further down the list, naming both places', () => {
    const legacy = buildTransaction({ version: 'legacy', feePayer: newKey().address }).bytes;
    const bytes = legacy.slice();
    const parsed = parseTransaction(legacy);
    expect(parsed.staticAccountCount).toBeGreaterThan(3);
    const last = parsed.staticAccountCount - 1;
    bytes.set(staticAccountBytes(parsed, 2), parsed.staticAccountsOffset + last * 32);
    expect(() => parseTransaction(bytes)).toThrow(
      expect.objectContaining({ code: 'MALFORMED_TRANSACTION', details: { index: last, firstIndex: 2 } }),
    );
  });

  it('a read-only fee payer', () => {
    const bytes = valid.slice();
    bytes[1 + 64 + 2] = 1; // numReadonlySignedAccounts = numRequired
    expect(() => parseTransaction(bytes)).toThrow(expect.objectContaining({ code: 'MALFORMED_TRANSACTION' }));
  });
});
