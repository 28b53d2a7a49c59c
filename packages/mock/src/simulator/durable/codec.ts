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

/**
 * JSON of one value with the tags above, as `JSON.stringify(value, replacer)` writes it, made
 * without calling a replacer for every member (which keeps JSON.stringify off its fast path: the
 * write of a balance change or a position is most of a commit's own work). Undefined where
 * JSON.stringify leaves a member out. A value with a toJSON method or a boxed primitive, which the
 * simulator does not store, is handed to JSON.stringify itself.
 */
function write(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return `{"${BIGINT}":"${value.toString()}"}`;
    case 'object': {
      if (value === null) return 'null';
      if (value instanceof Uint8Array) return `{"${BYTES}":"${toBase64(value)}"}`;
      if (value instanceof Map) {
        let out = '';
        for (const [k, v] of value) out += `${out === '' ? '' : ','}[${write(k) ?? 'null'},${write(v) ?? 'null'}]`;
        return `{"${MAP}":[${out}]}`;
      }
      if (Array.isArray(value)) {
        let out = '';
        for (let i = 0; i < value.length; i++) out += `${i === 0 ? '' : ','}${write(value[i]) ?? 'null'}`;
        return `[${out}]`;
      }
      const record = value as Record<string, unknown>;
      if (typeof record.toJSON === 'function' || value instanceof Number || value instanceof String || value instanceof Boolean)
        return JSON.stringify(value, replacer);
      let out = '';
      for (const key of Object.keys(record)) {
        const member = write(record[key]);
        if (member !== undefined) out += `${out === '' ? '' : ','}${JSON.stringify(key)}:${member}`;
      }
      return `{${out}}`;
    }
    default:
      return undefined;
  }
}

export function encodeValue(value: unknown): string {
  return write(value) ?? 'null';
}

/** The encoding by JSON.stringify and the replacer: what encodeValue must equal (its tests compare them). */
export const encodeWithReplacer = (value: unknown): string | undefined => JSON.stringify(value, replacer);

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
