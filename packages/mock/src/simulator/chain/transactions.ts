// Real v0 transactions: assembled by compileV0 (byte for byte what @solana/kit, the library
// @x/signing uses, assembles), decoded from base64 wire format with @solana/kit, and their
// Ed25519 signatures verified with WebCrypto.
import { getCompiledTransactionMessageDecoder, getTransactionDecoder } from '@solana/kit';
import { fromBase64, toBase58, toBase64 } from '../encoding.js';
import { ApiError } from '../errors.js';
import { compileV0 } from './compile.js';
import { decodeWire } from './decode.js';
import type { DecodedInstruction, DecodedTransaction } from './decoded.js';
import type { PlainInstruction } from './instructions.js';
import { publicKeyBytes } from './keys.js';

export { publicKeyBytes };

export interface BuiltTransaction {
  /** Base64 wire transaction with empty (zero) signature slots. */
  base64: string;
  /** The exact message bytes the signers sign. */
  messageBytes: Uint8Array;
  /** Signer addresses in slot order (the fee payer first). */
  signers: string[];
}

export interface BuildInput {
  feePayer: string;
  instructions: PlainInstruction[];
  blockhash: string;
  lastValidBlockHeight: number;
}

/** Throws a 400 for a base58 string that is not a 32-byte public key (the schemas check only the alphabet). */
export function assertPublicKeys(keys: Iterable<string>): void {
  for (const key of keys)
    if (publicKeyBytes(key) === undefined) throw new ApiError(400, `Invalid public key: ${key} is not 32 bytes of base58`);
}

export function buildTransaction(input: BuildInput): BuiltTransaction {
  assertPublicKeys([input.feePayer, ...input.instructions.flatMap((ix) => [ix.programId, ...ix.accounts.map((a) => a.pubkey)])]);
  const compiled = compileV0(input.feePayer, input.instructions, input.blockhash);
  return { base64: toBase64(compiled.wire), messageBytes: compiled.messageBytes, signers: compiled.signers };
}

export type { DecodedInstruction, DecodedTransaction } from './decoded.js';

const txDecoder = getTransactionDecoder();
const messageDecoder = getCompiledTransactionMessageDecoder();

const isZero = (bytes: Uint8Array): boolean => bytes.every((b) => b === 0);

/** Decodes a base64 wire transaction; undefined when it is not one. */
export function decodeTransaction(base64: string): DecodedTransaction | undefined {
  const bytes = fromBase64(base64);
  if (!bytes || bytes.length < 65) return undefined;
  return decodeWire(bytes) ?? decodeWithKit(bytes);
}

/** The decoded transaction of wire bytes; undefined when they are not one. */
export const decodeBytes = (bytes: Uint8Array): DecodedTransaction | undefined => decodeWire(bytes) ?? decodeWithKit(bytes);

/** The wire bytes of a decoded transaction: its signature slots (zeros for an empty one), then its message. */
export function wireBytes(tx: DecodedTransaction): Uint8Array {
  const head: number[] = [];
  for (let rest = tx.signatures.length; ; rest >>= 7) {
    if (rest < 0x80) {
      head.push(rest);
      break;
    }
    head.push((rest & 0x7f) | 0x80);
  }
  const wire = new Uint8Array(head.length + tx.signatures.length * 64 + tx.messageBytes.length);
  wire.set(head, 0);
  for (const [i, { signature }] of tx.signatures.entries()) if (signature) wire.set(signature, head.length + i * 64);
  wire.set(tx.messageBytes, head.length + tx.signatures.length * 64);
  return wire;
}

/** The @solana/kit decoding, for what the fast path leaves (other versions, unusual layouts, garbage). */
export function decodeWithKit(bytes: Uint8Array): DecodedTransaction | undefined {
  try {
    const tx = txDecoder.decode(bytes);
    const messageBytes = new Uint8Array(tx.messageBytes);
    const message = messageDecoder.decode(messageBytes);
    const staticAccounts = (message.staticAccounts ?? []).map(String);
    const signatures = Object.entries(tx.signatures).map(([signer, signature]) => ({
      signer,
      signature: signature && !isZero(signature) ? new Uint8Array(signature) : null,
    }));
    const instructions: DecodedInstruction[] =
      message.version === 1
        ? message.instructionHeaders.map((header, i) => ({
            programId: staticAccounts[header.programAccountIndex],
            accounts: (message.instructionPayloads[i]?.instructionAccountIndices ?? []).map((index) => staticAccounts[index]),
            data: new Uint8Array(message.instructionPayloads[i]?.instructionData ?? new Uint8Array(0)),
          }))
        : (message.instructions ?? []).map((ix) => ({
            programId: staticAccounts[ix.programAddressIndex],
            accounts: (ix.accountIndices ?? []).map((index) => staticAccounts[index]),
            data: new Uint8Array(ix.data ?? new Uint8Array(0)),
          }));
    return {
      messageBytes,
      signatures,
      staticAccounts,
      instructions,
      lifetimeToken: String((message as { lifetimeToken?: unknown }).lifetimeToken ?? ''),
      version: message.version as number | 'legacy',
    };
  } catch {
    return undefined;
  }
}

/** Imported public keys by address, shared by every simulator of the process (bounded; oldest out first). */
const verifyKeys = new Map<string, Promise<CryptoKey | undefined>>();
const VERIFY_KEYS = 2_048;

function verifyKey(signer: string): Promise<CryptoKey | undefined> {
  let key = verifyKeys.get(signer);
  if (key === undefined) {
    const bytes = publicKeyBytes(signer);
    key = bytes
      ? crypto.subtle.importKey('raw', bytes as BufferSource, { name: 'Ed25519' }, false, ['verify']).then(
          (k) => k,
          () => undefined,
        )
      : Promise.resolve(undefined);
    if (verifyKeys.size >= VERIFY_KEYS) verifyKeys.delete(verifyKeys.keys().next().value as string);
    verifyKeys.set(signer, key);
  }
  return key;
}

/** Verifies an Ed25519 signature by `signer` (base58 address) over `data`. */
export async function verifyEd25519(signer: string, signature: Uint8Array, data: Uint8Array): Promise<boolean> {
  if (signature.length !== 64) return false;
  const key = await verifyKey(signer);
  if (!key) return false;
  try {
    return await crypto.subtle.verify('Ed25519', key, signature as BufferSource, data as BufferSource);
  } catch {
    return false;
  }
}

export type SignerCheck = 'valid' | 'missing' | 'invalid' | 'not-a-signer';

/** Whether `signer` has signed the decoded transaction's message. */
export async function checkSigner(tx: DecodedTransaction, signer: string): Promise<SignerCheck> {
  const slot = tx.signatures.find((s) => s.signer === signer);
  if (!slot) return 'not-a-signer';
  if (!slot.signature) return 'missing';
  return (await verifyEd25519(signer, slot.signature, tx.messageBytes)) ? 'valid' : 'invalid';
}

/** Base58 of the first signature (the transaction id), if the fee payer signed. */
export function transactionId(tx: DecodedTransaction): string | undefined {
  const first = tx.signatures[0]?.signature;
  return first ? toBase58(first) : undefined;
}
