import { exampleValues } from '@x/openapi/reader';
import { describe, expect, it } from 'vitest';
import { describePrepared, describeTransaction, inUnits } from './describe-transaction.js';

// The spec's example unsigned transaction: the taker sends 1000 lamports to the receiver.
const EXAMPLE =
  'AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAACAAQABA88dEqrSW0JgOzj7Fmfqrx6xCBRkyzg0hDzqNpkhRE0jUXdCkTnFP+pAruWCIm3rq0jW+fYLfVSqG+LIK8uTw5QAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAB7QHseCG7q8yKDA0AAo/2lOW662cIDtAP2UPzYh/fKSAQICAAEMAgAAAOgDAAAAAAAAAA==';
const { taker, receiver } = exampleValues().addresses as { taker: string; receiver: string };

describe('describeTransaction', () => {
  it('says who pays, who must sign and what moves where, in words and as data', () => {
    const described = describeTransaction('transaction', EXAMPLE);
    expect(described.summary[0]).toBe(`Fee payer: ${taker}. Needs the signature of ${taker}.`);
    expect(described.summary[1]).toBe(
      `1. It transfers 1000 lamports of the native coin from ${taker} to ${receiver}, authorised by ${taker}.`,
    );
    expect(described.movements).toEqual([
      {
        kind: 'transfer',
        asset: 'native',
        amount: '1000',
        mint: null,
        decimals: null,
        source: taker,
        destination: receiver,
        signers: [taker],
      },
    ]);
    expect(described.signers).toEqual([taker]);
  });

  it('reports a transaction it cannot read instead of throwing', () => {
    const described = describeTransaction('transaction', 'AAAA');
    expect(described.error).toBeTypeOf('string');
    expect(described.summary[0]).toMatch(/^The transaction in transaction could not be decoded/);
  });
});

describe('describePrepared', () => {
  it('decodes the marked fields, a list element by element, and skips null and empty ones', () => {
    expect(describePrepared({ transactions: [EXAMPLE, EXAMPLE] }, ['transactions']).map((t) => t.field)).toEqual([
      'transactions[0]',
      'transactions[1]',
    ]);
    expect(describePrepared({ transaction: null }, ['transaction'])).toEqual([]);
    expect(describePrepared({ transaction: '' }, ['transaction'])).toEqual([]);
  });
});

describe('inUnits', () => {
  it.each([
    [1500000n, 6, '1.5'],
    [1n, 9, '0.000000001'],
    [100000000n, 6, '100'],
    [0n, 6, '0'],
    [42n, 0, '42'],
    [123456789012345678901234567890n, 9, '123456789012345678901.23456789'],
  ])('%s at %i decimals is %s', (amount, decimals, text) => {
    expect(inUnits(amount, decimals)).toBe(text);
  });
});
