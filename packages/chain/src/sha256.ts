/**
 * SHA-256 (FIPS 180-4), synchronous, in plain JavaScript: what program-derived addresses need, one
 * short input at a time, where WebCrypto's digest is a promise per call.
 */

/** floor(cbrt(n) * 2^32) or floor(sqrt(n) * 2^32) for a small n, exactly (integer Newton iteration). */
function rootFraction(n: number, power: 2 | 3): number {
  const p = BigInt(power);
  const target = BigInt(n) << (32n * p);
  let root = 1n << BigInt(Math.ceil((target.toString(2).length + 1) / power));
  for (;;) {
    const next = ((p - 1n) * root + target / root ** (p - 1n)) / p;
    if (next >= root) return Number(root & 0xffffffffn);
    root = next;
  }
}

const primes: number[] = [];
for (let n = 2; primes.length < 64; n++) if (primes.every((q) => n % q !== 0)) primes.push(n);
/** The round constants: the fractional parts of the cube roots of the first 64 primes. */
const K = Int32Array.from(primes, (prime) => rootFraction(prime, 3));
/** The initial hash: the fractional parts of the square roots of the first 8 primes. */
const H0 = Int32Array.from(primes.slice(0, 8), (prime) => rootFraction(prime, 2));
const W = new Int32Array(64);

const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n));

/** The SHA-256 digest of `data` (32 bytes). */
export function sha256(data: Uint8Array): Uint8Array {
  const length = data.length;
  // The message, a 1 bit, zeros, and the length in bits (64-bit big-endian) fill whole blocks.
  const padded = new Uint8Array((((length + 8) >> 6) + 1) * 64);
  padded.set(data);
  padded[length] = 0x80;
  const end = padded.length;
  const high = Math.floor(length / 0x20000000);
  const low = (length * 8) >>> 0;
  for (let i = 0; i < 4; i++) {
    padded[end - 8 + i] = high >>> (24 - 8 * i);
    padded[end - 4 + i] = low >>> (24 - 8 * i);
  }
  let h0 = H0[0] as number;
  let h1 = H0[1] as number;
  let h2 = H0[2] as number;
  let h3 = H0[3] as number;
  let h4 = H0[4] as number;
  let h5 = H0[5] as number;
  let h6 = H0[6] as number;
  let h7 = H0[7] as number;
  for (let block = 0; block < end; block += 64) {
    for (let t = 0, at = block; t < 16; t++, at += 4) {
      W[t] =
        ((padded[at] as number) << 24) |
        ((padded[at + 1] as number) << 16) |
        ((padded[at + 2] as number) << 8) |
        (padded[at + 3] as number);
    }
    for (let t = 16; t < 64; t++) {
      const x = W[t - 15] as number;
      const y = W[t - 2] as number;
      const s0 = rotr(x, 7) ^ rotr(x, 18) ^ (x >>> 3);
      const s1 = rotr(y, 17) ^ rotr(y, 19) ^ (y >>> 10);
      W[t] = ((W[t - 16] as number) + s0 + (W[t - 7] as number) + s1) | 0;
    }
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    let f = h5;
    let g = h6;
    let h = h7;
    for (let t = 0; t < 64; t++) {
      const t1 = (h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + (K[t] as number) + (W[t] as number)) | 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
    h5 = (h5 + f) | 0;
    h6 = (h6 + g) | 0;
    h7 = (h7 + h) | 0;
  }
  const out = new Uint8Array(32);
  const words = [h0, h1, h2, h3, h4, h5, h6, h7];
  for (let i = 0; i < 32; i++) out[i] = (words[i >> 2] as number) >>> (24 - 8 * (i & 3));
  return out;
}
