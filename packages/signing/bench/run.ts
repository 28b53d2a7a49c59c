/**
 * Benchmark: sign and serialize one v0 transaction (base64 in, base64 out).
 *
 *   @x/signing          signTransaction(base64, signer)  (all default checks included)
 *   @x/signing + intent signTransaction(base64, signer, { expect })  (the value checks too)
 *   web3.js             VersionedTransaction.deserialize → sign([keypair]) → serialize → base64
 *   raw                 crypto.subtle.sign('Ed25519', key, messageBytes) only
 *
 * The four run interleaved in many short rounds in one process (the order rotates each round).
 * On a shared machine other work only ever slows a round down, so each contender's figure is the
 * 90th percentile of its rounds' ops/s (its quiet rounds, not a single lucky one), and the ratios
 * of those figures are printed beside their targets; the median of per-round ratios (each between
 * two samples taken next to each other) is printed too. Targets (printed, not asserted):
 * >= 2x web3.js, >= 0.85x raw, with and without the value checks.
 *
 * Run: `pnpm run bench` (needs `pnpm run build` first: it measures the built package).
 */
import {
  AccountRole,
  appendTransactionMessageInstructions,
  blockhash,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  getAddressDecoder,
  getBase64EncodedWireTransaction,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Instruction,
} from '@solana/kit';
import { Keypair, VersionedTransaction } from '@solana/web3.js';
import { inspectTransaction, signerFromSecretKey, signTransaction } from '@x/signing';
import { newSecretKey } from './secret-key.ts';

const ROUNDS = 61;
const SAMPLE_MS = 40;
const WARMUP_MS = 300;
const TARGET_VS_WEB3 = 2;
const TARGET_VS_RAW = 0.85;

const addressDecoder = getAddressDecoder();
const randomAddress = (): Address => addressDecoder.decode(crypto.getRandomValues(new Uint8Array(32)));

const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;

/**
 * A swap-shaped v0 transaction: compute budget, account setup, a swap touching many accounts, a
 * System transfer out of the wallet (a tip to `tipReceiver`, so the value checks have something to
 * read), one lookup table.
 */
function buildSwapLikeTransaction(feePayer: Address, tipReceiver: Address): { base64: string; messageBytes: Uint8Array<ArrayBuffer> } {
  const computeBudget = randomAddress();
  const tableAccounts = Array.from({ length: 12 }, randomAddress);
  const staticAccounts = Array.from({ length: 8 }, randomAddress);
  const instructions: Instruction[] = [
    { programAddress: computeBudget, data: new Uint8Array([2, 0x40, 0x0d, 0x03, 0x00]) },
    { programAddress: computeBudget, data: new Uint8Array([3, 0x10, 0x27, 0, 0, 0, 0, 0, 0]) },
    {
      programAddress: randomAddress(),
      accounts: [
        { address: feePayer, role: AccountRole.WRITABLE_SIGNER },
        ...staticAccounts.slice(0, 3).map((address) => ({ address, role: AccountRole.WRITABLE })),
      ],
      data: new Uint8Array([1]),
    },
    {
      programAddress: randomAddress(),
      accounts: [
        { address: feePayer, role: AccountRole.WRITABLE_SIGNER },
        ...staticAccounts.slice(3).map((address) => ({ address, role: AccountRole.READONLY })),
        ...tableAccounts.map((address, index) => ({ address, role: index % 3 ? AccountRole.READONLY : AccountRole.WRITABLE })),
      ],
      data: crypto.getRandomValues(new Uint8Array(48)),
    },
    {
      programAddress: SYSTEM_PROGRAM,
      accounts: [
        { address: feePayer, role: AccountRole.WRITABLE_SIGNER },
        { address: tipReceiver, role: AccountRole.WRITABLE },
      ],
      data: new Uint8Array([2, 0, 0, 0, 0x10, 0x27, 0, 0, 0, 0, 0, 0]),
    },
  ];
  const base = setTransactionMessageLifetimeUsingBlockhash(
    { blockhash: blockhash('35HJ2QSRigYgao1tVxRJd7oDLW8aov5KNfq5YxkGVuHs'), lastValidBlockHeight: 1000n },
    setTransactionMessageFeePayer(feePayer, createTransactionMessage({ version: 0 })),
  );
  const message = compressTransactionMessageUsingAddressLookupTables(appendTransactionMessageInstructions(instructions, base), {
    [randomAddress()]: tableAccounts,
  });
  const compiled = compileTransaction(message);
  return { base64: getBase64EncodedWireTransaction(compiled), messageBytes: new Uint8Array(compiled.messageBytes) };
}

function timerResolutionMs(): number {
  let smallest = Infinity;
  for (let i = 0; i < 200; i++) {
    const start = performance.now();
    let next = performance.now();
    while (next === start) next = performance.now();
    smallest = Math.min(smallest, next - start);
  }
  return smallest;
}

/** Runs `op` back to back for about `ms`; returns ops per second. */
async function sample(op: () => Promise<unknown> | unknown, ms: number): Promise<{ opsPerSecond: number; ops: number }> {
  let ops = 0;
  const start = performance.now();
  const end = start + ms;
  let now = start;
  while (now < end) {
    for (let i = 0; i < 16; i++) await op();
    ops += 16;
    now = performance.now();
  }
  return { opsPerSecond: (ops * 1000) / (now - start), ops };
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number;
};
const median = (values: number[]): number => percentile(values, 0.5);

async function main(): Promise<void> {
  const { secretKey, address } = await newSecretKey();
  const tipReceiver = randomAddress();
  const tx = buildSwapLikeTransaction(address, tipReceiver);
  const expect = { transfers: [], allowDestinations: [tipReceiver] };

  const signer = await signerFromSecretKey(secretKey);
  const keypair = Keypair.fromSecretKey(secretKey);
  const pkcs8 = new Uint8Array([
    0x30,
    0x2e,
    0x02,
    0x01,
    0x00,
    0x30,
    0x05,
    0x06,
    0x03,
    0x2b,
    0x65,
    0x70,
    0x04,
    0x22,
    0x04,
    0x20,
    ...secretKey.subarray(0, 32),
  ]);
  const rawKey = await crypto.subtle.importKey('pkcs8', pkcs8, { name: 'Ed25519' }, false, ['sign']);

  const contenders: { name: string; op: () => Promise<unknown> | unknown }[] = [
    { name: '@x/signing signTransaction', op: () => signTransaction(tx.base64, signer) },
    { name: '@x/signing signTransaction + value intent', op: () => signTransaction(tx.base64, signer, { expect }) },
    {
      name: '@solana/web3.js 1.99 VersionedTransaction.sign',
      op: () => {
        const versioned = VersionedTransaction.deserialize(Buffer.from(tx.base64, 'base64'));
        versioned.sign([keypair]);
        return Buffer.from(versioned.serialize()).toString('base64');
      },
    },
    { name: 'raw WebCrypto Ed25519 sign (message only)', op: () => crypto.subtle.sign({ name: 'Ed25519' }, rawKey, tx.messageBytes) },
  ];

  // Same input, same output: the three produce the same (deterministic) signature.
  const ours = Buffer.from(await signTransaction(tx.base64, signer), 'base64').subarray(1, 65);
  const theirs = VersionedTransaction.deserialize(Buffer.from(tx.base64, 'base64'));
  theirs.sign([keypair]);
  const raw = new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, rawKey, tx.messageBytes));
  const agree = Buffer.from(ours).equals(Buffer.from(theirs.signatures[0] as Uint8Array)) && Buffer.from(ours).equals(Buffer.from(raw));

  for (const contender of contenders) await sample(contender.op, WARMUP_MS);
  const results = new Map<string, number[]>(contenders.map((c) => [c.name, []]));
  let totalOps = 0;
  for (let round = 0; round < ROUNDS; round++) {
    // Rotate the order each round so no contender always runs first.
    for (let i = 0; i < contenders.length; i++) {
      const contender = contenders[(i + round) % contenders.length]!;
      const { opsPerSecond, ops } = await sample(contender.op, SAMPLE_MS);
      results.get(contender.name)!.push(opsPerSecond);
      totalOps += ops;
    }
  }

  const [oursName, intentName, web3Name, rawName] = contenders.map((c) => c.name) as [string, string, string, string];
  const m = (name: string) => percentile(results.get(name)!, 0.9);
  const format = (n: number) => n.toFixed(0).padStart(9);
  const spread = (name: string) => {
    const values = results.get(name)!;
    return `${format(Math.min(...values))} .. ${format(Math.max(...values)).trim()}`;
  };
  /** The median over rounds of a/b, each round's two samples taken next to each other. */
  const pairedRatio = (a: string, b: string) => {
    const as = results.get(a)!;
    const bs = results.get(b)!;
    return median(as.map((value, round) => value / (bs[round] as number)));
  };

  const info = inspectTransaction(tx.base64);
  const loaded = info.addressLookupTables.reduce((n, t) => n + t.writableIndexes.length + t.readonlyIndexes.length, 0);
  console.log(
    `Sign and serialize one v0 transaction: ${info.size} bytes, ${info.staticAccounts.length} static + ${loaded} looked-up accounts, ${info.instructions.length} instructions, ${info.valueMovements.length} value movement`,
  );
  console.log(`node ${process.version}; ${ROUNDS} interleaved rounds x ${SAMPLE_MS} ms per contender; ${totalOps} ops total`);
  console.log(`timer resolution: ${(timerResolutionMs() * 1000).toFixed(3)} us; signatures of the three agree: ${agree}`);
  console.log('');
  for (const name of [oursName, intentName, web3Name, rawName]) {
    console.log(
      `${name.padEnd(48)} ${format(m(name))} ops/s p90  ${format(median(results.get(name)!))} median   (rounds: ${spread(name)})   ${(1e6 / m(name)).toFixed(1)} us/op`,
    );
  }
  const line = (label: string, a: string, b: string, target?: number) => {
    const ratio = m(a) / m(b);
    const verdict = target === undefined ? '' : `target >= ${target}x: ${ratio >= target ? 'met' : 'MISSED'}; `;
    console.log(`${label.padEnd(42)} = ${ratio.toFixed(2)}x   (${verdict}median of per-round ratios ${pairedRatio(a, b).toFixed(2)}x)`);
  };
  console.log('');
  line('@x/signing / web3.js', oursName, web3Name, TARGET_VS_WEB3);
  line('@x/signing / raw WebCrypto Ed25519', oursName, rawName, TARGET_VS_RAW);
  line('@x/signing + value intent / raw', intentName, rawName, TARGET_VS_RAW);
  line('value intent / no intent (its cost)', intentName, oursName);
}

await main();
