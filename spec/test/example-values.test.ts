// Every public key in the spec's examples belongs to the example world listed once at the root of
// the spec (`x-example-values`: tokens and address roles). A public key is any string that decodes
// from base58 to exactly 32 bytes; signatures (64 bytes), ids and amounts are not public keys. So
// program ids and the recent blockhash are listed too (as roles), and nothing else is exempt.
import { NATIVE_MINT_ADDRESS, SYSTEM_PROGRAM_ADDRESS } from '@x/chain';
import { describe, expect, it } from 'vitest';
import { spec, type Json } from './bundled-spec.ts';
import { base58Decode, isPublicKey } from './public-keys.ts';

/** Every example value in the document: `example`, `examples` (lists and named examples), with where it is. */
function exampleValues(node: Json, where: string, out: [string, unknown][]): void {
  if (Array.isArray(node)) {
    for (const [i, n] of node.entries()) exampleValues(n, `${where}/${i}`, out);
    return;
  }
  if (!node || typeof node !== 'object') return;
  for (const [k, v] of Object.entries<Json>(node)) {
    if (k === 'x-example-values') continue;
    if (k === 'example') out.push([`${where}/example`, v]);
    else if (k === 'examples' && Array.isArray(v)) for (const [i, e] of v.entries()) out.push([`${where}/examples/${i}`, e]);
    else if (k === 'examples' && v && typeof v === 'object') {
      for (const [name, e] of Object.entries<Json>(v)) if (e && 'value' in e) out.push([`${where}/examples/${name}`, e.value]);
    } else exampleValues(v, `${where}/${k}`, out);
  }
}

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

const world: Json = spec['x-example-values'];
const tokens: { symbol: string; mint: string; decimals: number }[] = world?.tokens ?? [];
const addresses: Record<string, string> = world?.addresses ?? {};
const known = new Set([...tokens.map((t) => t.mint), ...Object.values(addresses)]);

const found: [string, string][] = [];
const all: [string, unknown][] = [];
exampleValues(spec, '#', all);
for (const [where, value] of all) for (const s of strings(value)) if (isPublicKey(s)) found.push([where, s]);

describe('x-example-values', () => {
  it('lists tokens with symbol, mint and decimals, and address roles', () => {
    expect(tokens.length).toBeGreaterThan(3);
    for (const t of tokens) {
      expect(t.symbol).toMatch(/^[A-Z][A-Z_]*$/);
      expect(isPublicKey(t.mint), t.mint).toBe(true);
      expect(Number.isInteger(t.decimals) && t.decimals >= 0 && t.decimals <= 18).toBe(true);
    }
    for (const [role, key] of Object.entries(addresses)) {
      expect(role).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(isPublicKey(key), `${role} ${key}`).toBe(true);
    }
  });

  it('names every key once', () => {
    const keys = [...tokens.map((t) => t.mint), ...Object.values(addresses)];
    expect(keys.length).toBe(known.size);
    expect(new Set(tokens.map((t) => t.symbol)).size).toBe(tokens.length);
  });

  it('the examples hold public keys to check', () => {
    expect(found.length).toBeGreaterThan(100);
  });

  it('every public key in an example is a value of the example world', () => {
    const strangers = found.filter(([, key]) => !known.has(key)).map(([where, key]) => `${where}: ${key}`);
    expect(strangers).toEqual([]);
  });

  it('every address role is used by some example (as text or inside an example transaction)', () => {
    const used = new Set(found.map(([, k]) => k));
    const transactions = all
      .flatMap(([, v]) => strings(v))
      .filter((s) => s.length > 100 && /^[A-Za-z0-9+/]+={0,2}$/.test(s))
      .map((s) => Buffer.from(s, 'base64'));
    const inTransaction = (key: string) => transactions.some((t) => t.indexOf(Buffer.from(base58Decode(key)!)) >= 0);
    expect(
      Object.entries(addresses)
        .filter(([, k]) => !used.has(k) && !inTransaction(k))
        .map(([role]) => role),
    ).toEqual([]);
  });

  it("the two values that are not invented are the chain's own, as @x/chain has them", () => {
    expect(tokens.find((t) => t.symbol === 'NATIVE_COIN')?.mint).toBe(NATIVE_MINT_ADDRESS);
    expect(addresses.systemProgram).toBe(SYSTEM_PROGRAM_ADDRESS);
  });

  it('the base58 reading tells keys from signatures and words', () => {
    expect(isPublicKey('11111111111111111111111111111111')).toBe(true);
    expect(isPublicKey('1XTRN2RJN5MfCYf2UTVo8dcmei94CvVB2BBWvvograKBRzTW7RaDH79KZ4NSHQNUNLf3DwSbhdsgmDYptsM2d21')).toBe(false);
    expect(isPublicKey('PredictionSuggestedEventsResponse')).toBe(false);
  });
});
