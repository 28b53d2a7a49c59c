/**
 * Test helpers: real legacy and v0 transactions built with @solana/kit, keys generated and
 * signatures checked with @noble/ed25519 (an implementation independent of WebCrypto).
 */
import { createHash } from 'node:crypto';
import * as ed from '@noble/ed25519';
import {
  AccountRole,
  appendTransactionMessageInstructions,
  blockhash as toBlockhash,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  getAddressDecoder,
  getBase58Decoder,
  getBase64Decoder,
  getTransactionEncoder,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Instruction,
  type SignatureBytes,
  type SignaturesMap,
} from '@solana/kit';

export const EXAMPLE_BLOCKHASH = '35HJ2QSRigYgao1tVxRJd7oDLW8aov5KNfq5YxkGVuHs';
export const ZERO_BLOCKHASH = '11111111111111111111111111111111';
export const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr' as Address;
export const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;

/**
 * The example "unsigned v0 transaction" of spec/README.md, copied verbatim. Its signature slot is
 * 61 zero bytes instead of 64, so it is NOT a valid transaction; `fixedSpecExample` pads the slot.
 */
export const SPEC_EXAMPLE_TRANSACTION =
  'AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAACAAQABA88dEqrSW0JgOzj7Fmfqrx6xCBRkyzg0hDzqNpkhRE0jUXdCkTnFP+pAruWCIm3rq0jW+fYLfVSqG+LIK8uTw5QAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAB7QHseCG7q8yKDA0AAo/2lOW662cIDtAP2UPzYh/fKSAQICAAEMAgAAAOgDAAAAAAAAAA==';

// noble's synchronous API needs a SHA-512; the curve arithmetic stays noble's own.
ed.hashes.sha512 = (message: Uint8Array) => new Uint8Array(createHash('sha512').update(message).digest());

const addressDecoder = getAddressDecoder();
const base64 = getBase64Decoder();
const base58 = getBase58Decoder();

export interface TestKey {
  /** 64 bytes: seed then public key (the keyfile layout). */
  readonly secretKey: Uint8Array;
  readonly seed: Uint8Array;
  readonly publicKey: Uint8Array;
  readonly address: Address;
}

export function newKey(): TestKey {
  const { secretKey: seed, publicKey } = ed.keygen();
  const secretKey = new Uint8Array(64);
  secretKey.set(seed);
  secretKey.set(publicKey, 32);
  return { secretKey, seed, publicKey, address: addressDecoder.decode(publicKey) };
}

export function randomAddress(): Address {
  return addressDecoder.decode(crypto.getRandomValues(new Uint8Array(32)));
}

export function toBase64(bytes: Uint8Array): string {
  return base64.decode(bytes);
}

export function toBase58(bytes: Uint8Array): string {
  return base58.decode(bytes);
}

export interface BuildOptions {
  readonly version: 'legacy' | 0;
  readonly feePayer: Address;
  /** Other required signers, in addition to the fee payer (writable). */
  readonly signers?: readonly Address[];
  readonly blockhash?: string;
  /** v0 only: put the non-signer accounts of the first instruction in a lookup table. */
  readonly lookupTable?: Address;
  readonly instructions?: readonly Instruction[];
}

export interface BuiltTransaction {
  readonly bytes: Uint8Array;
  readonly base64: string;
  readonly messageBytes: Uint8Array;
  /** Offset of the first signature slot (1 for fewer than 128 signatures). */
  readonly signaturesOffset: number;
  readonly signerAddresses: readonly Address[];
}

/** A swap-like instruction: several writable and readonly accounts, and the extra signers. */
export function swapLikeInstruction(program: Address, signers: readonly Address[], accounts: readonly Address[]): Instruction {
  return {
    programAddress: program,
    accounts: [
      ...signers.map((address) => ({ address, role: AccountRole.WRITABLE_SIGNER })),
      ...accounts.map((address, index) => ({ address, role: index % 2 ? AccountRole.READONLY : AccountRole.WRITABLE })),
    ],
    data: new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]),
  };
}

export function memoInstruction(text: string, signer: Address): Instruction {
  return {
    programAddress: MEMO_PROGRAM,
    accounts: [{ address: signer, role: AccountRole.READONLY_SIGNER }],
    data: new TextEncoder().encode(text),
  };
}

export function transferInstruction(from: Address, to: Address, lamports: bigint): Instruction {
  const data = new Uint8Array(12);
  const view = new DataView(data.buffer);
  view.setUint32(0, 2, true);
  view.setBigUint64(4, lamports, true);
  return {
    programAddress: SYSTEM_PROGRAM,
    accounts: [
      { address: from, role: AccountRole.WRITABLE_SIGNER },
      { address: to, role: AccountRole.WRITABLE },
    ],
    data,
  };
}

export function buildTransaction(options: BuildOptions): BuiltTransaction {
  const lookupAccounts = [randomAddress(), randomAddress(), randomAddress()];
  const instructions = options.instructions ?? [
    swapLikeInstruction(randomAddress(), options.signers ?? [], [randomAddress(), ...lookupAccounts]),
  ];
  const base = setTransactionMessageLifetimeUsingBlockhash(
    { blockhash: toBlockhash(options.blockhash ?? EXAMPLE_BLOCKHASH), lastValidBlockHeight: 1000n },
    setTransactionMessageFeePayer(options.feePayer, createTransactionMessage({ version: options.version })),
  );
  let message = appendTransactionMessageInstructions(instructions, base);
  if (options.version === 0 && options.lookupTable !== undefined) {
    message = compressTransactionMessageUsingAddressLookupTables(message as never, {
      [options.lookupTable]: lookupAccounts,
    }) as typeof message;
  }
  const compiled = compileTransaction(message);
  const bytes = new Uint8Array(getTransactionEncoder().encode(compiled));
  return {
    bytes,
    base64: toBase64(bytes),
    messageBytes: new Uint8Array(compiled.messageBytes),
    signaturesOffset: 1,
    signerAddresses: Object.keys(compiled.signatures) as Address[],
  };
}

/** Sets a signature slot in wire bytes (returns a copy). */
export function withSignature(tx: BuiltTransaction, index: number, signature: Uint8Array): BuiltTransaction {
  const bytes = tx.bytes.slice();
  bytes.set(signature, tx.signaturesOffset + index * 64);
  return { ...tx, bytes, base64: toBase64(bytes) };
}

/** Signs the message of `tx` with `key` using the independent implementation. */
export async function nobleSign(key: TestKey, message: Uint8Array): Promise<Uint8Array> {
  return await ed.signAsync(message, key.seed);
}

export async function nobleVerify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): Promise<boolean> {
  return await ed.verifyAsync(signature, message, publicKey);
}

export function decodeBase64(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'base64'));
}

export function signatureMap(addresses: readonly Address[], signatures: readonly (Uint8Array | null)[]): SignaturesMap {
  const map: Record<string, SignatureBytes | null> = {};
  addresses.forEach((address, index) => {
    map[address] = (signatures[index] ?? null) as SignatureBytes | null;
  });
  return map as SignaturesMap;
}

/** The spec example with its signature slot padded to 64 bytes: a valid v0 transfer from the taker. */
export function fixedSpecExample(): Uint8Array {
  const broken = decodeBase64(SPEC_EXAMPLE_TRANSACTION);
  const fixed = new Uint8Array(broken.length + 3);
  fixed[0] = 1;
  fixed.set(broken.subarray(62), 65);
  return fixed;
}

export const SPEC_TAKER = 'EwV78VBLEhDmtkHxBv6hcTBjrfhbM8b3n1cCELt4imKg';
export const SPEC_RECEIVER = '6V1VsEmCGxfsZDKSwt2Jx3UgJKxaMwSeArFeUNuzSYRH';
