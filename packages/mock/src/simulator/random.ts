// Seeded randomness: every id, address and catalogue entry the simulator makes comes from here,
// so one seed reproduces one run.
import { getAddressDecoder } from '@solana/kit';

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

const addressDecoder = getAddressDecoder();
const hex = (n: number, width: number): string => n.toString(16).padStart(width, '0');

export function createRandom(seed: number): Random {
  // sfc32 seeded through splitmix-like scrambling of the one seed.
  let a = hashString(`a${seed}`);
  let b = hashString(`b${seed}`);
  let c = hashString(`c${seed}`);
  let d = hashString(`d${seed}`) | 1;
  const nextU32 = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) nextU32();

  const random: Random = {
    next: () => nextU32() / 4294967296,
    int: (min, max) => min + Math.floor((nextU32() / 4294967296) * (max - min + 1)),
    pick: (items) => {
      if (items.length === 0) throw new RangeError('pick from an empty list');
      return items[Math.floor((nextU32() / 4294967296) * items.length)] as (typeof items)[number];
    },
    bytes(length) {
      const out = new Uint8Array(length);
      for (let i = 0; i < length; i += 4) {
        const v = nextU32();
        for (let j = 0; j < 4 && i + j < length; j++) out[i + j] = (v >>> (8 * j)) & 0xff;
      }
      return out;
    },
    address: () => addressDecoder.decode(random.bytes(32)),
    uuid(epochMs) {
      const ms = Math.max(0, Math.floor(epochMs));
      const high = Math.floor(ms / 0x10000);
      const low = ms % 0x10000;
      const r1 = nextU32();
      const r2 = nextU32();
      const r3 = nextU32();
      return (
        `${hex(high, 8)}-${hex(low, 4)}-7${hex(r1 & 0xfff, 3)}-` +
        `${hex(0x8000 | ((r1 >>> 12) & 0x3fff), 4)}-${hex(r2 & 0xffff, 4)}${hex(r3, 8)}`
      );
    },
    fork: (label) => createRandom(hashString(label, hashString(`fork${seed}`))),
    state: () => [a >>> 0, b >>> 0, c >>> 0, d >>> 0],
    restore(state) {
      if (state.length !== 4 || !state.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffffffff))
        throw new RangeError('a random stream state is four 32-bit words');
      [a, b, c, d] = state as [number, number, number, number];
    },
  };
  return random;
}
