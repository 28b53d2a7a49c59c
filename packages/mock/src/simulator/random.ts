// Seeded randomness: every id, address and catalogue entry the simulator makes comes from here,
// so one seed reproduces one run.
import { encodeBase58 } from './base58.js';

export interface Random {
  /** Uniform float in [0, 1). */
  next(): number;
  int(minInclusive: number, maxInclusive: number): number;
  pick<T>(items: readonly T[]): T;
  bytes(length: number): Uint8Array;
  /** A base58 32-byte address. */
  address(): string;
  /** A UUID v7 (time-ordered) with the given epoch-ms timestamp. */
  uuid(epochMs: number): string;
  /** A new generator whose stream depends on this seed and a label only. */
  fork(label: string): Random;
  /** Where the stream is (four 32-bit words), for the durable store. */
  state(): [number, number, number, number];
  /** Puts the stream back where `state()` said it was. */
  restore(state: readonly number[]): void;
}

/** FNV-1a 32-bit hash of a string; used to derive sub-seeds and per-key values. */
export function hashString(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

const hex = (n: number, width: number): string => n.toString(16).padStart(width, '0');

/**
 * sfc32 seeded through splitmix-like scrambling of the one seed. A class (methods on the
 * prototype, four words of state per instance): a simulator forks a few per instance, so making
 * one stays cheap.
 */
class Sfc32 implements Random {
  #a: number;
  #b: number;
  #c: number;
  #d: number;
  readonly #seed: number;

  constructor(seed: number) {
    this.#seed = seed;
    this.#a = hashString(`a${seed}`);
    this.#b = hashString(`b${seed}`);
    this.#c = hashString(`c${seed}`);
    this.#d = hashString(`d${seed}`) | 1;
    for (let i = 0; i < 12; i++) this.#u32();
  }

  #u32(): number {
    const a = this.#a >>> 0;
    const b = this.#b >>> 0;
    let c = this.#c >>> 0;
    const d = this.#d >>> 0;
    const t = (a + b + d) | 0;
    this.#d = (d + 1) | 0;
    this.#a = b ^ (b >>> 9);
    this.#b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    this.#c = (c + t) | 0;
    return t >>> 0;
  }

  next(): number {
    return this.#u32() / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor((this.#u32() / 4294967296) * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor((this.#u32() / 4294967296) * items.length)] as T;
  }

  bytes(length: number): Uint8Array {
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i += 4) {
      const v = this.#u32();
      for (let j = 0; j < 4 && i + j < length; j++) out[i + j] = (v >>> (8 * j)) & 0xff;
    }
    return out;
  }

  address(): string {
    return encodeBase58(this.bytes(32));
  }

  uuid(epochMs: number): string {
    const ms = Math.max(0, Math.floor(epochMs));
    const high = Math.floor(ms / 0x10000);
    const low = ms % 0x10000;
    const r1 = this.#u32();
    const r2 = this.#u32();
    const r3 = this.#u32();
    return (
      `${hex(high, 8)}-${hex(low, 4)}-7${hex(r1 & 0xfff, 3)}-` +
      `${hex(0x8000 | ((r1 >>> 12) & 0x3fff), 4)}-${hex(r2 & 0xffff, 4)}${hex(r3, 8)}`
    );
  }

  fork(label: string): Random {
    return new Sfc32(hashString(label, hashString(`fork${this.#seed}`)));
  }

  state(): [number, number, number, number] {
    return [this.#a >>> 0, this.#b >>> 0, this.#c >>> 0, this.#d >>> 0];
  }

  restore(state: readonly number[]): void {
    if (state.length !== 4 || !state.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffffffff))
      throw new RangeError('a random stream state is four 32-bit words');
    [this.#a, this.#b, this.#c, this.#d] = state as [number, number, number, number];
  }
}

export function createRandom(seed: number): Random {
  return new Sfc32(seed);
}
