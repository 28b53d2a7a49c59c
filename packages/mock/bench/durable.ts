// Benchmark of durable state (run by `pnpm --filter @x/mock run bench`, after a build). Side by
// side in one run, in turns (rounds alternate which goes first), median of the per-round ratios:
//   1. write requests with a store (node:sqlite, synchronous=NORMAL; FULL shown for information)
//      against the same requests in memory: target at most 2x;
//   2. read requests with a store against in memory: target the same (at most 1.1x);
//   3. createSimulator() without a store against the build in BENCH_BASELINE_DIST (a build of the
//      previous version, e.g. the main branch's packages/mock/dist), when given: target unchanged
//      (at most 1.1x).
// Requests go through the simulator's fetch handler (no sockets), so the figures are the
// simulator's own cost, measured as CPU time of this process (user + system: the store's writes
// are system time) per request, which moves less than wall time on a busy machine. Signatures are
// made before the measured part.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createKeyPairFromPrivateKeyBytes,
  getAddressFromPublicKey,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  signBytes,
} from '@solana/kit';

const ROUNDS = Number(process.env.BENCH_DURABLE_ROUNDS ?? 9);
const PER_ROUND = Number(process.env.BENCH_DURABLE_COUNT ?? 400);
const WRITE_TARGET = 2;
const SAME_TARGET = 1.1;
const dist = fileURLToPath(new URL('../dist/', import.meta.url));

interface Sim {
  fetch(request: Request): Promise<Response>;
  close(): void;
}
interface Mock {
  createSimulator(options?: Record<string, unknown>): Sim;
}
const { createSimulator } = (await import(join(dist, 'index.js'))) as Mock;
const { openStore } = (await import(join(dist, 'node/index.js'))) as { openStore(dir: string, o?: object): Promise<{ close(): void }> };
const { world } = (await import(join(dist, 'index.js'))) as { world: { tokens: Record<string, { mint: string }> } };
const PLATFORM = world.tokens.PLATFORM_TOKEN!.mint;
const STABLE = world.tokens.STABLECOIN_USD!.mint;

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fmt = (ms: number): string => `${(ms * 1000).toFixed(1)} µs`;
const mark = (ok: boolean): string => (ok ? 'met' : 'MISSED');

const request = (method: string, path: string, body?: unknown): Request =>
  new Request(`http://localhost${path}`, {
    method,
    headers: { 'x-api-key': 'bench', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });

async function send(sim: Sim, req: Request): Promise<any> {
  const res = await sim.fetch(req);
  const body = await res.json();
  if (res.status >= 300) throw new Error(`${req.method} ${new URL(req.url).pathname} answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

interface Wallet {
  address: string;
  signTransaction(base64: string): Promise<string>;
}
async function wallet(n: number): Promise<Wallet> {
  const pair = await createKeyPairFromPrivateKeyBytes(new Uint8Array(32).fill(n));
  const address = await getAddressFromPublicKey(pair.publicKey);
  return {
    address,
    async signTransaction(base64) {
      const tx = getTransactionDecoder().decode(getBase64Encoder().encode(base64));
      const signature = new Uint8Array(await signBytes(pair.privateKey, new Uint8Array(tx.messageBytes)));
      return getBase64Decoder().decode(
        getTransactionEncoder().encode({ ...tx, signatures: { ...tx.signatures, [address]: signature } } as never),
      );
    },
  };
}

/** A workload: `prepare` makes the requests of one round (untimed), each then sent and timed. */
interface Workload {
  name: string;
  kind: 'write' | 'read';
  prepare(sim: Sim, round: number): Promise<Array<() => Request>>;
}

let amount = 1_000_000;
const workloads: Workload[] = [
  {
    name: 'POST /swap/v2/execute (signed swap lands)',
    kind: 'write',
    async prepare(sim, round) {
      const w = await wallet(10 + (round % 200));
      const out: Array<() => Request> = [];
      for (let i = 0; i < PER_ROUND; i++) {
        const order = await send(
          sim,
          request('GET', `/swap/v2/order?inputMint=${PLATFORM}&outputMint=${STABLE}&amount=${amount++}&taker=${w.address}`),
        );
        const body = { signedTransaction: await w.signTransaction(order.transaction), requestId: order.requestId };
        out.push(() => request('POST', '/swap/v2/execute', body));
      }
      return out;
    },
  },
  {
    name: 'POST /lend/v1/borrow/operate (position opened)',
    kind: 'write',
    async prepare(_sim, round) {
      const w = await wallet(60 + (round % 100));
      return Array.from(
        { length: PER_ROUND },
        () => () =>
          request('POST', '/lend/v1/borrow/operate', {
            vaultId: 1,
            positionId: 0,
            signer: w.address,
            colAmount: '1000000',
            debtAmount: '0',
          }),
      );
    },
  },
  {
    name: 'POST /__control/set-balance',
    kind: 'write',
    async prepare() {
      const w = await wallet(5);
      return Array.from(
        { length: PER_ROUND },
        (_, i) => () => request('POST', '/__control/set-balance', { wallet: w.address, mint: 'STABLECOIN_USD', amount: String(i + 1) }),
      );
    },
  },
  {
    name: 'GET /trigger/v1/getTriggerOrders + /lend/v1/borrow/positions + balance',
    kind: 'read',
    async prepare(sim, round) {
      const w = await wallet(60);
      // The wallet read has 20 positions (made before the first round, untimed).
      if (round === 0)
        for (let i = 0; i < 20; i++)
          await send(
            sim,
            request('POST', '/lend/v1/borrow/operate', {
              vaultId: 1,
              positionId: 0,
              signer: w.address,
              colAmount: '1000000',
              debtAmount: '0',
            }),
          );
      const reqs = [
        () => request('GET', `/trigger/v1/getTriggerOrders?user=${w.address}&orderStatus=history`),
        () => request('GET', `/lend/v1/borrow/positions?users=${w.address}`),
        () => request('GET', `/__control/balance?wallet=${w.address}&mint=STABLECOIN_USD`),
      ];
      return Array.from({ length: PER_ROUND }, (_, i) => reqs[i % reqs.length]!);
    },
  },
  {
    name: 'GET /swap/v2/order (quote, no taker)',
    kind: 'read',
    async prepare() {
      return Array.from(
        { length: PER_ROUND },
        () => () => request('GET', `/swap/v2/order?inputMint=${PLATFORM}&outputMint=${STABLE}&amount=1000000`),
      );
    },
  },
];

/** CPU time (user + system) per request, ms. */
async function timed(sim: Sim, requests: Array<() => Request>): Promise<number> {
  const made = requests.map((r) => r());
  const start = process.cpuUsage();
  for (const req of made) await send(sim, req);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / made.length;
}

/** Fresh simulators (and stores) for one workload, so that no workload pays for another's state. */
async function simulators(): Promise<{ sims: Record<'memory' | 'normal' | 'full', Sim>; close(): void }> {
  const dirs = [mkdtempSync(join(tmpdir(), 'x-mock-bench-')), mkdtempSync(join(tmpdir(), 'x-mock-bench-'))];
  const normal = await openStore(dirs[0]!, { sync: 'normal' });
  const full = await openStore(dirs[1]!, { sync: 'full' });
  const sims = { memory: createSimulator(), normal: createSimulator({ store: normal }), full: createSimulator({ store: full }) };
  return {
    sims,
    close() {
      for (const sim of Object.values(sims)) sim.close();
      normal.close();
      full.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function compareWrites(): Promise<void> {
  console.log(`\ndurable state: ${ROUNDS} rounds of ${PER_ROUND} requests per workload and mode, in turns (fetch handler, no sockets)`);
  console.log('  workload (CPU time per request)                               memory     store      ratio  target            sync=FULL');
  let allMet = true;
  for (const w of workloads) {
    const { sims, close } = await simulators();
    try {
      const ratios: number[] = [];
      const fullRatios: number[] = [];
      const times: Record<string, number[]> = { memory: [], normal: [], full: [] };
      for (let round = -1; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? (['memory', 'normal', 'full'] as const) : (['full', 'normal', 'memory'] as const);
        const t: Record<string, number> = {};
        for (const mode of order) t[mode] = await timed(sims[mode], await w.prepare(sims[mode], round + 1));
        if (round < 0) continue; // warm-up
        for (const mode of order) times[mode]!.push(t[mode]!);
        ratios.push(t.normal! / t.memory!);
        fullRatios.push(t.full! / t.memory!);
      }
      const ratio = median(ratios);
      const target = w.kind === 'write' ? WRITE_TARGET : SAME_TARGET;
      allMet &&= ratio <= target;
      console.log(
        `  ${`${w.kind}: ${w.name}`.padEnd(60)} ${fmt(median(times.memory!)).padStart(9)} ${fmt(median(times.normal!)).padStart(9)} ${ratio.toFixed(2).padStart(8)}x  <= ${target}x: ${mark(ratio <= target).padEnd(7)} ${median(fullRatios).toFixed(2)}x (${fmt(median(times.full!))})`,
      );
    } finally {
      close();
    }
  }
  console.log(`  durable writes <= ${WRITE_TARGET}x and reads <= ${SAME_TARGET}x of memory: ${mark(allMet)}`);
}

async function compareCreate(): Promise<void> {
  const baselineDist = process.env.BENCH_BASELINE_DIST;
  if (!baselineDist) {
    console.log('\ncreateSimulator() without a store vs the previous version: set BENCH_BASELINE_DIST to its dist/ to compare');
    return;
  }
  const baseline = (await import(join(baselineDist, 'index.js'))) as Mock;
  const count = Number(process.env.BENCH_CREATE_COUNT ?? 2_000);
  for (let i = 0; i < 200; i++) {
    createSimulator();
    baseline.createSimulator();
  }
  const ours: number[] = [];
  const theirs: number[] = [];
  for (let i = 0; i < count; i++) {
    const pairs = i % 2 === 0 ? [ours, theirs] : [theirs, ours];
    for (const list of pairs) {
      const make = list === ours ? createSimulator : baseline.createSimulator;
      const start = process.cpuUsage();
      make();
      const used = process.cpuUsage(start);
      list.push((used.user + used.system) / 1000);
    }
  }
  const ratio = median(ours) / median(theirs);
  console.log(`\ncreateSimulator() without a store: ${count} each (CPU time), interleaved with the baseline build (${baselineDist})`);
  console.log(
    `  this build ${fmt(median(ours))}, baseline ${fmt(median(theirs))}, ratio ${ratio.toFixed(2)}x  <= ${SAME_TARGET}x: ${mark(ratio <= SAME_TARGET)}`,
  );
}

await compareCreate();
await compareWrites();
