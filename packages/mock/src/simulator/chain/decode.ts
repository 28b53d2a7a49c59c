// Decodes legacy and v0 wire transactions without the generic codecs of @solana/kit (they were a
// visible cost of every signed transaction the simulator receives). Anything else, or anything
// unusual (a version it does not know, a signature count that differs from the header's, repeated
// signers, bytes after the message), is left to the @solana/kit decoder: see decodeTransaction.
import { toBase58 } from '../encoding.js';
import type { DecodedInstruction, DecodedTransaction } from './decoded.js';

class Reader {
  offset = 0;
  constructor(readonly bytes: Uint8Array) {}
  u8(): number {
    if (this.offset >= this.bytes.length) throw new RangeError('truncated');
    return this.bytes[this.offset++]!;
  }
  /** compact-u16 */
  length(): number {
    let value = 0;
    for (let shift = 0; shift < 21; shift += 7) {
      const byte = this.u8();
      value |= (byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return value;
    }
    throw new RangeError('bad length');
  }
  take(count: number): Uint8Array {
    if (this.offset + count > this.bytes.length) throw new RangeError('truncated');
    const out = this.bytes.subarray(this.offset, this.offset + count);
    this.offset += count;
    return out;
  }
}

const isZero = (bytes: Uint8Array): boolean => {
  for (let i = 0; i < bytes.length; i++) if (bytes[i] !== 0) return false;
  return true;
};

/** The decoded transaction of wire `bytes`, or undefined when the fast path does not apply. */
export function decodeWire(bytes: Uint8Array): DecodedTransaction | undefined {
  try {
    const reader = new Reader(bytes);
    const signatureCount = reader.length();
    const signatureBytes = reader.take(signatureCount * 64);
    const messageStart = reader.offset;
    const first = reader.u8();
    let version: number | 'legacy' = 'legacy';
    let required = first;
    if (first & 0x80) {
      version = first & 0x7f;
      if (version !== 0) return undefined;
      required = reader.u8();
    }
    reader.u8(); // readonly signed
    reader.u8(); // readonly unsigned
    if (required !== signatureCount) return undefined;
    const accountCount = reader.length();
    const staticAccounts: string[] = [];
    for (let i = 0; i < accountCount; i++) staticAccounts.push(toBase58(reader.take(32)));
    if (required > staticAccounts.length) return undefined;
    const lifetimeToken = toBase58(reader.take(32));
    const instructionCount = reader.length();
    const instructions: DecodedInstruction[] = [];
    for (let i = 0; i < instructionCount; i++) {
      const programId = staticAccounts[reader.u8()];
      const indices = reader.take(reader.length());
      const data = new Uint8Array(reader.take(reader.length()));
      instructions.push({ programId, accounts: Array.from(indices, (index) => staticAccounts[index]), data });
    }
    if (version === 0) {
      const lookups = reader.length();
      for (let i = 0; i < lookups; i++) {
        reader.take(32);
        reader.take(reader.length());
        reader.take(reader.length());
      }
    }
    if (reader.offset !== bytes.length) return undefined;
    const signers = staticAccounts.slice(0, required);
    if (new Set(signers).size !== signers.length) return undefined;
    const signatures = signers.map((signer, i) => {
      const signature = signatureBytes.subarray(i * 64, i * 64 + 64);
      return { signer, signature: isZero(signature) ? null : new Uint8Array(signature) };
    });
    return { messageBytes: bytes.slice(messageStart), signatures, staticAccounts, instructions, lifetimeToken, version };
  } catch {
    return undefined;
  }
}
