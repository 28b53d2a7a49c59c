// Compiles a v0 transaction (no address lookup tables) to wire bytes: the same bytes @solana/kit's
// compileTransaction + wire encoder produce (checked against it in compile.test.ts), without its
// per-call collator, address assertions and generic codecs, which were a visible cost of every
// crafted transaction.
import { publicKeyBytes } from './keys.js';
import type { PlainInstruction } from './instructions.js';

export interface CompiledTransaction {
  /** Wire bytes: signature slots (zeros) then the message. */
  wire: Uint8Array;
  /** The message bytes the signers sign (a copy). */
  messageBytes: Uint8Array;
  /** Signer addresses in slot order (the fee payer first). */
  signers: string[];
}

const SIGNER = 1;
const WRITABLE = 2;
const VERSION_0 = 0x80;

/** Account order among equals: the collator @solana/kit sorts addresses with (made once here). */
const compareAddresses = new Intl.Collator('en', {
  caseFirst: 'lower',
  ignorePunctuation: false,
  localeMatcher: 'best fit',
  numeric: false,
  sensitivity: 'variant',
  usage: 'sort',
}).compare;

/** Bytes of a compact-u16 (shortvec) length. */
function shortVec(value: number, out: number[]): void {
  let rest = value;
  for (;;) {
    const byte = rest & 0x7f;
    rest >>= 7;
    if (rest === 0) {
      out.push(byte);
      return;
    }
    out.push(byte | 0x80);
  }
}

function keyBytes(key: string): Uint8Array {
  const bytes = publicKeyBytes(key);
  if (!bytes) throw new TypeError(`not a base58 public key: ${key}`);
  return bytes;
}

/** Compiles `instructions` paid by `feePayer` with lifetime `blockhash` (base58 of 32 bytes). */
export function compileV0(feePayer: string, instructions: readonly PlainInstruction[], blockhash: string): CompiledTransaction {
  const roles = new Map<string, number>([[feePayer, SIGNER | WRITABLE]]);
  for (const ix of instructions) {
    if (!roles.has(ix.programId)) roles.set(ix.programId, 0);
    for (const account of ix.accounts) {
      const role = (account.isSigner ? SIGNER : 0) | (account.isWritable ? WRITABLE : 0);
      roles.set(account.pubkey, (roles.get(account.pubkey) ?? 0) | role);
    }
  }
  const ordered = [...roles.keys()].sort((a, b) => {
    if (a === b) return 0;
    if (a === feePayer) return -1;
    if (b === feePayer) return 1;
    const ra = roles.get(a)!;
    const rb = roles.get(b)!;
    if ((ra & SIGNER) !== (rb & SIGNER)) return ra & SIGNER ? -1 : 1;
    if ((ra & WRITABLE) !== (rb & WRITABLE)) return ra & WRITABLE ? -1 : 1;
    return compareAddresses(a, b);
  });
  const index = new Map(ordered.map((key, i) => [key, i]));
  let signers = 0;
  let readonlySigners = 0;
  let readonlyOthers = 0;
  for (const key of ordered) {
    const role = roles.get(key)!;
    if (role & SIGNER) {
      signers++;
      if (!(role & WRITABLE)) readonlySigners++;
    } else if (!(role & WRITABLE)) readonlyOthers++;
  }

  const head: number[] = [VERSION_0, signers, readonlySigners, readonlyOthers];
  shortVec(ordered.length, head);
  const tail: number[] = [];
  shortVec(instructions.length, tail);
  const parts: Array<number[] | Uint8Array> = [head, ...ordered.map(keyBytes), keyBytes(blockhash)];
  for (const ix of instructions) {
    const meta: number[] = [index.get(ix.programId)!];
    shortVec(ix.accounts.length, meta);
    for (const account of ix.accounts) meta.push(index.get(account.pubkey)!);
    shortVec(ix.data.length, meta);
    parts.push(tail.splice(0), meta, ix.data);
  }
  parts.push(tail, [0]); // no address table lookups
  const signatureHead: number[] = [];
  shortVec(signers, signatureHead);
  const messageLength = parts.reduce((n, p) => n + p.length, 0);
  const wire = new Uint8Array(signatureHead.length + signers * 64 + messageLength);
  wire.set(signatureHead, 0);
  let offset = signatureHead.length + signers * 64;
  const messageStart = offset;
  for (const part of parts) {
    wire.set(part, offset);
    offset += part.length;
  }
  return { wire, messageBytes: wire.slice(messageStart), signers: ordered.slice(0, signers) };
}
