// Benchmark of durable state (run by `pnpm --filter @x/mock run bench`, after a build):
//   1. write requests with a store (node:sqlite, synchronous=NORMAL; FULL shown for information)
//      against the same requests in memory: target at most 2x;
//   2. read requests with a store against in memory: target the same (at most 1.1x);
//   3. createSimulator() without a store against the build in BENCH_BASELINE_DIST (a build of the
//      previous version, e.g. the main branch's packages/mock/dist), when given: target unchanged
//      (at most 1.1x).
// How 1 and 2 are measured, so that the machine's other load and the two modes' own garbage hit
// both alike:
// - each mode runs in its own child process (its own heap and JIT: a simulator with a store does
//   not make the in-memory one's call sites polymorphic, nor leave it garbage to collect);
// - a round's requests are made first (untimed: quotes, signatures), then a full collection, then
//   they are sent in chunks of CHUNK requests, the modes taking turns chunk by chunk (the order
//   alternating), so that a burst of load on the machine lands on every mode;
// - requests go through the simulator's own request handler, as `x-mock serve` calls it (no HTTP,
//   no WHATWG Request/Response: their cost is the same in both modes and would only dilute the
//   ratio); the answer is serialised as the server does;
// - the figure is CPU time of the child (user + system: a store's writes are system time), which
//   moves much less than wall time on a shared machine; wall time is shown for information;
// - the ratio is the median, over every turn of every round, of the ratio of the store's chunk to
//   the in-memory chunk of the same turn (run back to back, so under the same load); the spread
//   shown is the middle half of those ratios (25th to 75th percentile). The CPU time per request
//   shown for each mode is the median of its per-round figures.
// BENCH_DURABLE_ONLY=text runs only the workloads whose name holds it.
// BENCH_DURABLE_AA=1 runs the store's processes without a store (both sides in memory): the ratios
// then show the method's own noise on this machine (they should be 1.00x).
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SimRequest, SimResponse } from '../src/simulator/types.ts';
import {
  createKeyPairFromPrivateKeyBytes,
  getAddressFromPublicKey,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  signBytes,
} from '@solana/kit';

const ROUNDS = Number(process.env.BENCH_DURABLE_ROUNDS ?? 11);
const PER_ROUND = Number(process.env.BENCH_DURABLE_COUNT ?? 400);
const CHUNK = Number(process.env.BENCH_DURABLE_CHUNK ?? 25);
/**
 * Reads cost a tenth of a write or less: they run this many times more requests a round, and
 * twice that many a turn (a turn of a few ms: a process that has just been switched in starts
 * with cold caches, which a turn of ~1 ms would mostly measure).
 */
const READ_SCALE = 8;
const chunkOf = (w: Workload): number => (w.kind === 'read' ? CHUNK * READ_SCALE * 2 : CHUNK);
const countOf = (w: Workload): number => (w.kind === 'read' ? PER_ROUND * READ_SCALE : PER_ROUND);
const WRITE_TARGET = 2;
const SAME_TARGET = 1.1;
/** The build measured: this package's, or BENCH_DURABLE_DIST (another build's dist/, to compare versions by the same method). */
const dist = process.env.BENCH_DURABLE_DIST ?? fileURLToPath(new URL('../dist/', import.meta.url));
const self = fileURLToPath(import.meta.url);

type Mode = 'memory' | 'normal' | 'full';
const MODES: readonly Mode[] = ['memory', 'normal', 'full'];

interface Sim {
  close(): void;
}
interface Handler {
  handle(request: SimRequest): SimResponse | Promise<SimResponse>;
}

const quantile = (values: number[], q: number): number => [...values].sort((a, b) => a - b)[Math.floor(values.length * q)]!;
const median = (values: number[]): number => quantile(values, 0.5);
const fmt = (ms: number): string => `${(ms * 1000).toFixed(1)} µs`;
const mark = (ok: boolean): string => (ok ? 'met' : 'MISSED');

// ---------------------------------------------------------------------------------------------
// The child: one simulator (in memory, or on a store of its own), the workload's requests.

const request = (method: string, pathAndQuery: string, body?: unknown): SimRequest => {
  const url = new URL(pathAndQuery, 'http://localhost');
  const headers: Record<string, string> = { 'x-api-key': 'bench', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) };
  return {
    method,
    path: url.pathname,
    query: url.searchParams,
    header: (name) => headers[name],
    bodyText: body !== undefined ? JSON.stringify(body) : '',
    ...(body !== undefined ? { contentType: 'application/json' } : {}),
  };
};

/** Sends a request as the node server does (answer serialised); throws on an error answer. */
async function send(handler: Handler, req: SimRequest): Promise<string> {
  const res = await handler.handle(req);
  const text = res.raw ? String(res.body) : JSON.stringify(res.body);
  if (res.status >= 300) throw new Error(`${req.method} ${req.path} answered ${res.status}: ${text}`);
  return text;
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

/** A workload: `prepare` makes the requests of one round (untimed); each is then sent and timed. */
interface Workload {
  name: string;
  kind: 'write' | 'read';
  prepare(handler: Handler, round: number, world: { PLATFORM: string; STABLE: string }): Promise<SimRequest[]>;
}

const operate = (signer: string, positionId: number, colAmount: number): SimRequest =>
  request('POST', '/lend/v1/borrow/operate', { vaultId: 1, positionId, signer, colAmount: String(colAmount), debtAmount: '0' });

/** Lands a signed transaction as a chain's RPC node would (the control API's send-transaction). */
const sendTransaction = (signedTransaction: string): SimRequest => request('POST', '/__control/send-transaction', { signedTransaction });

let amount = 1_000_000;
const WORKLOADS: Workload[] = [
  {
    name: 'POST /swap/v2/execute (signed swap lands)',
    kind: 'write',
    async prepare(handler, round, { PLATFORM, STABLE }) {
      const w = await wallet(10 + (round % 200));
      const out: SimRequest[] = [];
      for (let i = 0; i < PER_ROUND; i++) {
        const order = JSON.parse(
          await send(
            handler,
            request('GET', `/swap/v2/order?inputMint=${PLATFORM}&outputMint=${STABLE}&amount=${amount++}&taker=${w.address}`),
          ),
        );
        const body = { signedTransaction: await w.signTransaction(order.transaction), requestId: order.requestId };
        out.push(request('POST', '/swap/v2/execute', body));
      }
      return out;
    },
  },
  {
    name: 'lend operate lands (a deposit into a position)',
    kind: 'write',
    async prepare(handler, round) {
      const w = await wallet(60 + (round % 100));
      // A position of the wallet (opened untimed), then deposits of distinct amounts into it, each built and signed.
      const opened = JSON.parse(await send(handler, operate(w.address, 0, 1_000_000))) as { nftId: number; transaction: string };
      await send(handler, sendTransaction(await w.signTransaction(opened.transaction)));
      const out: SimRequest[] = [];
      for (let i = 0; i < PER_ROUND; i++) {
        const built = JSON.parse(await send(handler, operate(w.address, opened.nftId, 1_000 + i))) as { transaction: string };
        out.push(sendTransaction(await w.signTransaction(built.transaction)));
      }
      return out;
    },
  },
  {
    name: 'POST /__control/set-balance',
    kind: 'write',
    async prepare() {
      const w = await wallet(5);
      return Array.from({ length: PER_ROUND }, (_, i) =>
        request('POST', '/__control/set-balance', { wallet: w.address, mint: 'STABLECOIN_USD', amount: String(i + 1) }),
      );
    },
  },
  {
    name: 'GET trigger v1 orders + lend positions + balance',
    kind: 'read',
    async prepare(handler, round) {
      const w = await wallet(60);
      // The wallet read has 20 positions (made before the first round, untimed).
      if (round === 0)
        for (let i = 0; i < 20; i++) {
          const built = JSON.parse(await send(handler, operate(w.address, 0, 1_000_000))) as { transaction: string };
          await send(handler, sendTransaction(await w.signTransaction(built.transaction)));
        }
      const paths = [
        `/trigger/v1/getTriggerOrders?user=${w.address}&orderStatus=history`,
        `/lend/v1/borrow/positions?users=${w.address}`,
        `/__control/balance?wallet=${w.address}&mint=STABLECOIN_USD`,
      ];
      return Array.from({ length: PER_ROUND * READ_SCALE }, (_, i) => request('GET', paths[i % paths.length]!));
    },
  },
  {
    name: 'GET /swap/v2/order (quote, no taker)',
    kind: 'read',
    async prepare(_handler, _round, { PLATFORM, STABLE }) {
      return Array.from({ length: PER_ROUND * READ_SCALE }, () =>
        request('GET', `/swap/v2/order?inputMint=${PLATFORM}&outputMint=${STABLE}&amount=1000000`),
      );
    },
  },
];

type ToChild = { cmd: 'prepare'; round: number } | { cmd: 'run'; from: number; to: number } | { cmd: 'close' };
type FromChild = { ready: true } | { cpu: number; wall: number } | { error: string };

async function child(mode: Mode, workload: Workload): Promise<void> {
  const { createSimulator, world } = (await import(join(dist, 'index.js'))) as {
    createSimulator(options?: Record<string, unknown>): Sim;
    world: { tokens: Record<string, { mint: string }> };
  };
  const { simHandlerOf } = (await import(join(dist, 'simulator/native-handler.js'))) as { simHandlerOf(s: Sim): Handler };
  const { openStore } = (await import(join(dist, 'node/index.js'))) as {
    openStore(dir: string, o?: object): Promise<{ close(): void }>;
  };
  const mints = { PLATFORM: world.tokens.PLATFORM_TOKEN!.mint, STABLE: world.tokens.STABLECOIN_USD!.mint };
  const dir = mode === 'memory' || process.env.BENCH_DURABLE_AA ? undefined : mkdtempSync(join(tmpdir(), 'x-mock-bench-'));
  const store = dir ? await openStore(dir, { sync: mode }) : undefined;
  const sim = createSimulator(store ? { store } : {});
  const handler = simHandlerOf(sim);
  const gc = (globalThis as { gc?: () => void }).gc;
  let requests: SimRequest[] = [];
  const reply = (message: FromChild): void => void process.send!(message);
  process.on('message', async (message: ToChild) => {
    try {
      if (message.cmd === 'prepare') {
        requests = await workload.prepare(handler, message.round, mints);
        gc?.();
        reply({ ready: true });
      } else if (message.cmd === 'run') {
        const batch = requests.slice(message.from, message.to);
        const wall = performance.now();
        const start = process.cpuUsage();
        for (const req of batch) await send(handler, req);
        const used = process.cpuUsage(start);
        reply({ cpu: (used.user + used.system) / 1000, wall: performance.now() - wall });
      } else {
        sim.close();
        store?.close();
        if (dir) rmSync(dir, { recursive: true, force: true });
        process.disconnect();
      }
    } catch (error) {
      reply({ error: (error as Error).stack ?? String(error) });
    }
  });
  reply({ ready: true });
}

// ---------------------------------------------------------------------------------------------
// The parent: starts one child per mode for each workload and has them take turns.

class Worker {
  readonly #proc: ChildProcess;
  #waiting: ((m: FromChild) => void) | undefined;
  readonly ready: Promise<FromChild>;

  constructor(mode: Mode, index: number) {
    this.#proc = fork(self, ['child', mode, String(index)], {
      execArgv: ['--expose-gc', '--disable-warning=ExperimentalWarning'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.#proc.on('message', (m: FromChild) => {
      const waiting = this.#waiting;
      this.#waiting = undefined;
      waiting?.(m);
    });
    this.ready = this.#next();
  }

  #next(): Promise<FromChild> {
    return new Promise((resolve, reject) => {
      this.#waiting = (m) => ('error' in m ? reject(new Error(m.error)) : resolve(m));
    });
  }

  ask(message: ToChild): Promise<FromChild> {
    const answer = this.#next();
    this.#proc.send(message);
    return answer;
  }

  close(): void {
    this.#proc.send({ cmd: 'close' } satisfies ToChild);
  }
}

async function compare(): Promise<void> {
  console.log(
    `\ndurable state: ${ROUNDS} rounds of ${PER_ROUND} writes (${PER_ROUND * READ_SCALE} reads) per workload and mode, one process per mode taking turns every ${CHUNK} writes (${CHUNK * READ_SCALE * 2} reads) (request handler, no sockets)`,
  );
  console.log(
    `  ${'workload (CPU time per request)'.padEnd(56)} ${'memory'.padStart(9)} ${'store'.padStart(9)}  ratio  (spread)        target          wall ratio  sync=FULL`,
  );
  let allMet = true;
  for (const [index, workload] of WORKLOADS.entries()) {
    if (process.env.BENCH_DURABLE_ONLY && !workload.name.includes(process.env.BENCH_DURABLE_ONLY)) continue;
    const workers = Object.fromEntries(MODES.map((mode) => [mode, new Worker(mode, index)])) as Record<Mode, Worker>;
    try {
      for (const mode of MODES) await workers[mode].ready;
      const cpu: Record<Mode, number[]> = { memory: [], normal: [], full: [] };
      const ratios: number[] = [];
      const wallRatios: number[] = [];
      const fullRatios: number[] = [];
      for (let round = -1; round < ROUNDS; round++) {
        for (const mode of MODES) await workers[mode].ask({ cmd: 'prepare', round: round + 1 });
        const t = { memory: { cpu: 0, wall: 0 }, normal: { cpu: 0, wall: 0 }, full: { cpu: 0, wall: 0 } };
        const count = countOf(workload);
        const chunk = chunkOf(workload);
        for (let from = 0, turn = 0; from < count; from += chunk, turn++) {
          const order = turn % 2 === 0 ? MODES : [...MODES].reverse();
          const used = {} as Record<Mode, { cpu: number; wall: number }>;
          for (const mode of order) {
            used[mode] = (await workers[mode].ask({ cmd: 'run', from, to: from + chunk })) as { cpu: number; wall: number };
            t[mode].cpu += used[mode].cpu;
            t[mode].wall += used[mode].wall;
          }
          if (round < 0) continue; // warm-up
          ratios.push(used.normal.cpu / used.memory.cpu);
          wallRatios.push(used.normal.wall / used.memory.wall);
          fullRatios.push(used.full.cpu / used.memory.cpu);
        }
        if (round < 0) continue;
        for (const mode of MODES) cpu[mode].push(t[mode].cpu / count);
      }
      const ratio = median(ratios);
      const target = workload.kind === 'write' ? WRITE_TARGET : SAME_TARGET;
      allMet &&= ratio <= target;
      const spread = `(${quantile(ratios, 0.25).toFixed(2)}-${quantile(ratios, 0.75).toFixed(2)})`;
      console.log(
        `  ${`${workload.kind}: ${workload.name}`.padEnd(56)} ${fmt(median(cpu.memory)).padStart(9)} ${fmt(median(cpu.normal)).padStart(9)} ${ratio.toFixed(2).padStart(5)}x ${spread.padEnd(12)} <= ${target}x: ${mark(ratio <= target).padEnd(7)} ${median(wallRatios).toFixed(2).padStart(5)}x  ${median(fullRatios).toFixed(2)}x (${fmt(median(cpu.full))})`,
      );
    } finally {
      for (const mode of MODES) workers[mode].close();
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
  type Create = () => unknown;
  const ours = ((await import(join(dist, 'index.js'))) as { createSimulator: Create }).createSimulator;
  const baseline = ((await import(join(baselineDist, 'index.js'))) as { createSimulator: Create }).createSimulator;
  const count = Number(process.env.BENCH_CREATE_COUNT ?? 2_000);
  for (let i = 0; i < 200; i++) {
    ours();
    baseline();
  }
  // A creation takes ~10 µs, the CPU clock counts whole µs: each sample times a batch of them.
  const BATCH = 25;
  const times = { ours: [] as number[], theirs: [] as number[] };
  for (let i = 0; i < count / BATCH; i++) {
    const pairs = i % 2 === 0 ? (['ours', 'theirs'] as const) : (['theirs', 'ours'] as const);
    for (const which of pairs) {
      const make = which === 'ours' ? ours : baseline;
      const start = process.cpuUsage();
      for (let j = 0; j < BATCH; j++) make();
      const used = process.cpuUsage(start);
      times[which].push((used.user + used.system) / 1000 / BATCH);
    }
  }
  const ratio = median(times.ours) / median(times.theirs);
  console.log(`\ncreateSimulator() without a store: ${count} each (CPU time), interleaved with the baseline build (${baselineDist})`);
  console.log(
    `  this build ${fmt(median(times.ours))}, baseline ${fmt(median(times.theirs))}, ratio ${ratio.toFixed(2)}x  <= ${SAME_TARGET}x: ${mark(ratio <= SAME_TARGET)}`,
  );
}

if (process.argv[2] === 'child') {
  await child(process.argv[3] as Mode, WORKLOADS[Number(process.argv[4])]!);
} else {
  await compareCreate();
  await compare();
}
