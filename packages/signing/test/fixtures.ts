/**
 * Test helpers: real legacy and v0 transactions built with @solana/kit, keys generated and
 * signatures checked with @noble/ed25519 (an implementation independent of WebCrypto).
 */
import { createHash } from 'node:crypto';
import * as ed from '@noble/ed25519';
import type { Signer } from '../src/signers/types.js';
import {
  AccountRole,
  appendTransactionMessageInstructions,
  blockhash as toBlockhash,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  getAddressDecoder,
  getAddressEncoder,
  getBase58Decoder,
  getProgramDerivedAddress,
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
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address;
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address;
const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL' as Address;

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
  /** The accounts of `lookupTable` (default: three random ones that the default instruction uses). */
  readonly lookupTableAccounts?: readonly Address[];
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
      [options.lookupTable]: [...(options.lookupTableAccounts ?? lookupAccounts)],
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

/** A signer over `key` that counts how often it was asked to sign (a refusal leaves it at 0). */
export function countingSigner(key: TestKey): Signer & { calls: number } {
  const signer = {
    address: key.address,
    calls: 0,
    async signTransactionMessage({ messageBytes }: { messageBytes: Uint8Array }) {
      signer.calls++;
      return await nobleSign(key, messageBytes);
    },
  };
  return signer;
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

const addressEncoder = getAddressEncoder();

/** The associated token account of `owner` for `mint` (derived here with kit, for the tests). */
export async function associatedTokenAddress(owner: string, mint: string, program: Address = TOKEN_PROGRAM): Promise<Address> {
  const [derived] = await getProgramDerivedAddress({
    programAddress: ASSOCIATED_TOKEN_PROGRAM,
    seeds: [addressEncoder.encode(owner as Address), addressEncoder.encode(program), addressEncoder.encode(mint as Address)],
  });
  return derived;
}

function u64(value: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, value, true);
  return out;
}

type Role = 'w' | 'r' | 'ws' | 'rs';
const ROLES: Record<Role, AccountRole> = {
  w: AccountRole.WRITABLE,
  r: AccountRole.READONLY,
  ws: AccountRole.WRITABLE_SIGNER,
  rs: AccountRole.READONLY_SIGNER,
};

/** An instruction from raw parts: program, accounts with roles, data bytes. */
export function rawInstruction(program: Address, accounts: readonly [string, Role][], data: readonly number[] | Uint8Array): Instruction {
  return {
    programAddress: program,
    accounts: accounts.map(([address, role]) => ({ address: address as Address, role: ROLES[role] })),
    data: data instanceof Uint8Array ? data : new Uint8Array(data),
  };
}

/** The chain's token instructions, laid out as the token programs read them. */
export const token = {
  transfer: (source: string, destination: string, owner: string, amount: bigint, program = TOKEN_PROGRAM) =>
    rawInstruction(
      program,
      [
        [source, 'w'],
        [destination, 'w'],
        [owner, 'ws'],
      ],
      [3, ...u64(amount)],
    ),
  transferChecked: (
    source: string,
    mint: string,
    destination: string,
    owner: string,
    amount: bigint,
    decimals: number,
    program = TOKEN_PROGRAM,
  ) =>
    rawInstruction(
      program,
      [
        [source, 'w'],
        [mint, 'r'],
        [destination, 'w'],
        [owner, 'ws'],
      ],
      [12, ...u64(amount), decimals],
    ),
  approve: (source: string, delegate: string, owner: string, amount: bigint, program = TOKEN_PROGRAM) =>
    rawInstruction(
      program,
      [
        [source, 'w'],
        [delegate, 'r'],
        [owner, 'ws'],
      ],
      [4, ...u64(amount)],
    ),
  approveChecked: (
    source: string,
    mint: string,
    delegate: string,
    owner: string,
    amount: bigint,
    decimals: number,
    program = TOKEN_PROGRAM,
  ) =>
    rawInstruction(
      program,
      [
        [source, 'w'],
        [mint, 'r'],
        [delegate, 'r'],
        [owner, 'ws'],
      ],
      [13, ...u64(amount), decimals],
    ),
  /** authorityType 2 = AccountOwner. */
  setAuthority: (account: string, current: string, newAuthority: string, authorityType = 2, program = TOKEN_PROGRAM) =>
    rawInstruction(
      program,
      [
        [account, 'w'],
        [current, 'ws'],
      ],
      [6, authorityType, 1, ...addressEncoder.encode(newAuthority as Address)],
    ),
  closeAccount: (account: string, destination: string, owner: string, program = TOKEN_PROGRAM) =>
    rawInstruction(
      program,
      [
        [account, 'w'],
        [destination, 'w'],
        [owner, 'ws'],
      ],
      [9],
    ),
  burn: (account: string, mint: string, owner: string, amount: bigint, program = TOKEN_PROGRAM) =>
    rawInstruction(
      program,
      [
        [account, 'w'],
        [mint, 'w'],
        [owner, 'ws'],
      ],
      [8, ...u64(amount)],
    ),
  burnChecked: (account: string, mint: string, owner: string, amount: bigint, decimals: number, program = TOKEN_PROGRAM) =>
    rawInstruction(
      program,
      [
        [account, 'w'],
        [mint, 'w'],
        [owner, 'ws'],
      ],
      [15, ...u64(amount), decimals],
    ),
  /** Token-2022's transfer-fee extension (26), sub-instruction 1: transferCheckedWithFee (amount, decimals, fee). */
  transferCheckedWithFee: (
    source: string,
    mint: string,
    destination: string,
    owner: string,
    amount: bigint,
    decimals: number,
    fee: bigint,
  ) =>
    rawInstruction(
      TOKEN_2022_PROGRAM,
      [
        [source, 'w'],
        [mint, 'r'],
        [destination, 'w'],
        [owner, 'ws'],
      ],
      [26, 1, ...u64(amount), decimals, ...u64(fee)],
    ),
};

/** The chain's System instructions that move native coin or control. */
export const system = {
  transfer: (from: string, to: string, lamports: bigint) =>
    rawInstruction(
      SYSTEM_PROGRAM,
      [
        [from, 'ws'],
        [to, 'w'],
      ],
      [2, 0, 0, 0, ...u64(lamports)],
    ),
  createAccount: (from: string, created: string, lamports: bigint, space: bigint, owner: string) =>
    rawInstruction(
      SYSTEM_PROGRAM,
      [
        [from, 'ws'],
        [created, 'ws'],
      ],
      [0, 0, 0, 0, ...u64(lamports), ...u64(space), ...addressEncoder.encode(owner as Address)],
    ),
  /** Allocate (tag 8, u64 space): gives a System account data; it can then neither pay fees nor send native coin. */
  allocate: (account: string, space: bigint) => rawInstruction(SYSTEM_PROGRAM, [[account, 'ws']], [8, 0, 0, 0, ...u64(space)]),
  assign: (account: string, owner: string) =>
    rawInstruction(SYSTEM_PROGRAM, [[account, 'ws']], [1, 0, 0, 0, ...addressEncoder.encode(owner as Address)]),
  /** AdvanceNonceAccount: nonce account, recent-blockhashes sysvar, nonce authority. */
  advanceNonce: (nonceAccount: string, authority: string) =>
    rawInstruction(
      SYSTEM_PROGRAM,
      [
        [nonceAccount, 'w'],
        ['SysvarRecentB1ockHashes11111111111111111111', 'r'],
        [authority, 'rs'],
      ],
      [4, 0, 0, 0],
    ),
};

/** The chain's compute budget program (its real id: a wallet must recognise it). */
export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111' as Address;

/** The compute budget instructions, laid out as the runtime reads them (a u8 tag, then the value). */
export const computeBudget = {
  /** SetComputeUnitLimit (tag 2, u32 units). */
  limit: (units: number) => rawInstruction(COMPUTE_BUDGET_PROGRAM, [], [2, ...u64(BigInt(units)).slice(0, 4)]),
  /** SetComputeUnitPrice (tag 3, u64 micro-lamports per compute unit). */
  price: (microLamports: bigint) => rawInstruction(COMPUTE_BUDGET_PROGRAM, [], [3, ...u64(microLamports)]),
};
