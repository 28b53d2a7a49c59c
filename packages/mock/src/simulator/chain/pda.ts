// Program derived addresses, synchronously: SHA-256 of seeds, bump, program and marker, the
// first bump (from 255 down) whose hash is not an Ed25519 point. The same addresses as
// @solana/kit's getProgramDerivedAddress (checked in pda.test.ts), without a WebCrypto round trip
// per attempt.
import { toBase58, utf8Bytes } from '../encoding.js';
import { publicKeyBytes } from './keys.js';
import { sha256 } from './sha256.js';

/** Field prime of Curve25519, 2^255 - 19. */
const P = 2n ** 255n - 19n;
/** Edwards curve constant d = -121665 / 121666 mod p. */
const D = 37095705934669439343138083508754565189542113879843219016388785533085940283555n;
const MARKER = utf8Bytes('ProgramDerivedAddress');

function square(x: bigint, times: number): bigint {
  let r = x;
  for (let i = 0; i < times; i++) r = (r * r) % P;
  return r;
}

/** x^((p - 5) / 8) = x^(2^252 - 3), by the usual addition chain. */
function pow2252m3(x: bigint): bigint {
  const x3 = (((x * x) % P) * x) % P; // 2^2 - 1
  const x15 = (square(x3, 2) * x3) % P; // 2^4 - 1
  const x31 = (square(x15, 1) * x) % P; // 2^5 - 1
  const e10 = (square(x31, 5) * x31) % P; // 2^10 - 1
  const e20 = (square(e10, 10) * e10) % P;
  const e40 = (square(e20, 20) * e20) % P;
  const e80 = (square(e40, 40) * e40) % P;
  const e160 = (square(e80, 80) * e80) % P;
  const e240 = (square(e160, 80) * e80) % P;
  const e250 = (square(e240, 10) * e10) % P; // 2^250 - 1
  return (square(e250, 2) * x) % P; // 2^252 - 3
}

/**
 * Whether 32 bytes are the compressed form of a point on the Ed25519 curve: y (the low 255 bits)
 * has an x with x^2 = (y^2 - 1) / (d y^2 + 1), i.e. that ratio is a square (Euler's criterion), and
 * x = 0 comes with a clear sign bit.
 */
export function isOnCurve(bytes: Uint8Array): boolean {
  let y = 0n;
  for (let i = 31; i >= 0; i--) y = (y << 8n) | BigInt(i === 31 ? bytes[i]! & 0x7f : bytes[i]!);
  const y2 = (y * y) % P;
  const u = (y2 - 1n + P) % P;
  const v = (D * y2 + 1n) % P;
  if (u === 0n) return (bytes[31]! & 0x80) === 0;
  // (u v)^((p - 1) / 2) = ((u v)^((p - 5) / 8))^4 (u v)^2; 1 for a square.
  const a = (u * v) % P;
  const r = pow2252m3(a);
  return (square(r, 2) * ((a * a) % P)) % P === 1n;
}

/** The program derived address of `seeds` under `program` (base58), and its bump. */
export function programDerivedAddress(program: string, seeds: readonly Uint8Array[]): [string, number] {
  const programBytes = publicKeyBytes(program);
  if (!programBytes) throw new TypeError(`not a base58 public key: ${program}`);
  if (seeds.length > 16 || seeds.some((s) => s.length > 32)) throw new RangeError('at most 16 seeds of at most 32 bytes each');
  const seedLength = seeds.reduce((n, s) => n + s.length, 0);
  const input = new Uint8Array(seedLength + 1 + 32 + MARKER.length);
  let offset = 0;
  for (const seed of seeds) {
    input.set(seed, offset);
    offset += seed.length;
  }
  const bumpAt = offset;
  input.set(programBytes, bumpAt + 1);
  input.set(MARKER, bumpAt + 33);
  for (let bump = 255; bump >= 0; bump--) {
    input[bumpAt] = bump;
    const hash = sha256(input);
    if (!isOnCurve(hash)) return [toBase58(hash), bump];
  }
  throw new Error('no viable bump for a program derived address');
}
