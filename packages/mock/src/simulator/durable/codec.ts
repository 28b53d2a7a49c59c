// The durable store's value encoding: JSON, with the simulator's non-JSON values tagged (bigint
// amounts, Uint8Array message bytes, Maps of balances). Decoding refuses anything it did not write,
// so a damaged row is reported rather than read as something else.
import { fromBase64, toBase64 } from '../encoding.js';

const BIGINT = '$bigint';
const BYTES = '$bytes';
const MAP = '$map';

function replacer(this: unknown, _key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return { [BIGINT]: value.toString() };
  if (value instanceof Uint8Array) return { [BYTES]: toBase64(value) };
  if (value instanceof Map) return { [MAP]: [...value.entries()] };
  return value;
}

/** Thrown for a stored value this codec did not write. */
export class CorruptValueError extends Error {}

function reviver(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  if (BIGINT in record) {
    const text = record[BIGINT];
    if (typeof text !== 'string' || !/^-?[0-9]+$/.test(text)) throw new CorruptValueError('a bigint that is not an integer');
    return BigInt(text);
  }
  if (BYTES in record) {
    const text = record[BYTES];
    const bytes = typeof text === 'string' ? fromBase64(text) : undefined;
    if (bytes === undefined) throw new CorruptValueError('bytes that are not base64');
    return bytes;
  }
  if (MAP in record) {
    const entries = record[MAP];
    if (!Array.isArray(entries) || !entries.every((e) => Array.isArray(e) && e.length === 2))
      throw new CorruptValueError('a map without entries');
    return new Map(entries as Array<[unknown, unknown]>);
  }
  return value;
}

export function encodeValue(value: unknown): string {
  return JSON.stringify(value, replacer);
}

/** The value of a stored row; throws CorruptValueError (or a SyntaxError) for a damaged one. */
export function decodeValue(json: string): unknown {
  return JSON.parse(json, reviver);
}

/** A map key as stored (keys are strings or numbers: lend position ids are numbers). */
export const encodeKey = (key: unknown): string => JSON.stringify(key);

export function decodeKey(text: string): string | number {
  const key = JSON.parse(text) as unknown;
  if (typeof key !== 'string' && typeof key !== 'number')
    throw new CorruptValueError(`a key that is neither a string nor a number: ${text}`);
  return key;
}
