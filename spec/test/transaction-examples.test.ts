// Every transaction in the spec's examples (fields holding base64 transactions) is a well-formed
// legacy or v0 transaction: exact signature slots, a header, account keys, a blockhash,
// instructions that index existing accounts, and no trailing bytes.
import { describe, expect, it } from 'vitest';
import { deref, operations, type Json } from './bundled-spec.ts';

const TX_FIELDS = new Set(['transaction', 'signedTransaction', 'depositSignedTx', 'transactions']);

function shortVec(b: Uint8Array, at: { i: number }): number {
  let value = 0;
  for (let shift = 0; shift < 21; shift += 7) {
    const byte = b[at.i++];
    if (byte === undefined) throw new Error('truncated length');
    value |= (byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) return value;
  }
  throw new Error('length too long');
}

function take(b: Uint8Array, at: { i: number }, n: number): Uint8Array {
  if (at.i + n > b.length) throw new Error(`truncated: wanted ${n} bytes at ${at.i} of ${b.length}`);
  const out = b.subarray(at.i, at.i + n);
  at.i += n;
  return out;
}

/** Throws on any malformation; returns a short description. */
export function parseTransaction(base64: string): { version: 'legacy' | 0; signatures: number; accounts: number } {
  const b = Uint8Array.from(Buffer.from(base64, 'base64'));
  if (Buffer.from(b).toString('base64') !== base64) throw new Error('not canonical base64');
  const at = { i: 0 };
  const signatures = shortVec(b, at);
  take(b, at, 64 * signatures);
  let version: 'legacy' | 0 = 'legacy';
  if (b[at.i]! & 0x80) {
    if ((b[at.i]! & 0x7f) !== 0) throw new Error('unknown version');
    version = 0;
    at.i++;
  }
  const [required, ,] = take(b, at, 3);
  if (required !== signatures) throw new Error(`header wants ${required} signatures, transaction has ${signatures} slots`);
  const accounts = shortVec(b, at);
  take(b, at, 32 * accounts);
  take(b, at, 32);
  const instructions = shortVec(b, at);
  let lookupCount = 0;
  const ixAccounts: number[] = [];
  for (let k = 0; k < instructions; k++) {
    ixAccounts.push(take(b, at, 1)[0]!);
    const n = shortVec(b, at);
    ixAccounts.push(...take(b, at, n));
    take(b, at, shortVec(b, at));
  }
  if (version === 0) {
    const tables = shortVec(b, at);
    for (let k = 0; k < tables; k++) {
      take(b, at, 32);
      const w = shortVec(b, at);
      take(b, at, w);
      const r = shortVec(b, at);
      take(b, at, r);
      lookupCount += w + r;
    }
  }
  if (at.i !== b.length) throw new Error(`${b.length - at.i} trailing bytes`);
  const bad = ixAccounts.filter((idx) => idx >= accounts + lookupCount);
  if (bad.length) throw new Error(`instruction indexes accounts that do not exist: ${bad.join(',')}`);
  return { version, signatures, accounts };
}

function collectTransactions(value: Json, where: string, out: [string, string][]) {
  if (Array.isArray(value)) for (const [i, v] of value.entries()) collectTransactions(v, `${where}[${i}]`, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries<Json>(value)) {
      if (TX_FIELDS.has(k) && typeof v === 'string' && v.length > 0) out.push([`${where}.${k}`, v]);
      else if (TX_FIELDS.has(k) && Array.isArray(v)) {
        for (const [i, t] of v.entries()) if (typeof t === 'string') out.push([`${where}.${k}[${i}]`, t]);
      } else collectTransactions(v, `${where}.${k}`, out);
    }
  }
}

const found: [string, string][] = [];
for (const { key, op } of operations()) {
  const bodies = [op.requestBody, ...Object.values<Json>(op.responses ?? {})].filter(Boolean).map(deref);
  for (const body of bodies) {
    for (const media of Object.values<Json>(body.content ?? {})) {
      for (const [name, ex] of Object.entries<Json>(deref(media).examples ?? {}))
        collectTransactions(deref(ex).value, `${key} ${name}`, found);
    }
  }
}

describe('transaction examples', () => {
  it('the spec has transaction examples', () => {
    expect(found.length).toBeGreaterThan(20);
  });

  it.each(found)('%s is a well-formed transaction', (_where, tx) => {
    expect(() => parseTransaction(tx)).not.toThrow();
  });

  it('the parser refuses what it should', () => {
    const [, good] = found[0]!;
    const bytes = Buffer.from(good, 'base64');
    expect(() => parseTransaction(Buffer.concat([bytes, Buffer.from([0])]).toString('base64'))).toThrow(/trailing/);
    expect(() => parseTransaction(bytes.subarray(0, bytes.length - 3).toString('base64'))).toThrow();
    expect(() => parseTransaction(Buffer.concat([bytes.subarray(0, 1), bytes.subarray(4)]).toString('base64'))).toThrow();
  });
});
