import { describe, expect, it } from 'vitest';
import {
  buildTransaction,
  fixedSpecExample,
  newKey,
  nobleSign,
  randomAddress,
  SPEC_RECEIVER,
  SPEC_TAKER,
  SYSTEM_PROGRAM,
  toBase58,
  toBase64,
  withSignature,
  ZERO_BLOCKHASH,
} from '../test/fixtures.js';
import { inspectTransaction } from './inspect.js';

describe('inspectTransaction', () => {
  it('describes a v0 transaction with a lookup table and a pre-filled co-signer', async () => {
    const payer = newKey();
    const wallet = newKey();
    const table = randomAddress();
    const tx = buildTransaction({ version: 0, feePayer: payer.address, signers: [wallet.address], lookupTable: table });
    const payerSignature = await nobleSign(payer, tx.messageBytes);
    const info = inspectTransaction(withSignature(tx, 0, payerSignature).base64);

    expect(info.version).toBe(0);
    expect(info.feePayer).toBe(payer.address);
    expect(info.requiredSignatures).toBe(2);
    expect(info.signers).toEqual([
      { address: payer.address, index: 0, writable: true, signed: true, signature: toBase58(payerSignature) },
      { address: wallet.address, index: 1, writable: true, signed: false, signature: null },
    ]);
    expect(info.blockhash).toBe('35HJ2QSRigYgao1tVxRJd7oDLW8aov5KNfq5YxkGVuHs');
    expect(info.blockhashIsZero).toBe(false);
    expect(info.programIds).toHaveLength(1);
    // The fixture puts 3 accounts in the table: index 1 writable, 0 and 2 readonly (kit orders the readonly ones by address).
    expect(info.addressLookupTables).toHaveLength(1);
    expect(info.addressLookupTables[0]).toMatchObject({ address: table, writableIndexes: [1] });
    expect([...info.addressLookupTables[0]!.readonlyIndexes].sort()).toEqual([0, 2]);
    expect(info.size).toBe(tx.bytes.length);
  });

  it('describes a legacy transaction with a zero blockhash', () => {
    const wallet = newKey();
    const info = inspectTransaction(buildTransaction({ version: 'legacy', feePayer: wallet.address, blockhash: ZERO_BLOCKHASH }).base64);
    expect(info.version).toBe('legacy');
    expect(info.blockhashIsZero).toBe(true);
    expect(info.addressLookupTables).toEqual([]);
  });

  it('reads the (padded) spec example: a transfer from the taker to the receiver', () => {
    const info = inspectTransaction(toBase64(fixedSpecExample()));
    expect(info.feePayer).toBe(SPEC_TAKER);
    expect(info.staticAccounts).toEqual([SPEC_TAKER, SPEC_RECEIVER, SYSTEM_PROGRAM]);
    expect(info.programIds).toEqual([SYSTEM_PROGRAM]);
    expect(info.instructions[0]).toMatchObject({ programId: SYSTEM_PROGRAM, accountIndexes: [0, 1] });
    expect(info.signers).toEqual([{ address: SPEC_TAKER, index: 0, writable: true, signed: false, signature: null }]);
  });

  it.each([
    ['invalid base64', '***', 'INVALID_ENCODING'],
    ['a truncated transaction', 'AQAA', 'MALFORMED_TRANSACTION'],
  ])('throws on %s', (_name, input, code) => {
    expect(() => inspectTransaction(input)).toThrow(expect.objectContaining({ code }));
  });
});
