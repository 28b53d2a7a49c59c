// The logic of `x-mock serve`: parse the arguments, start the simulator, print where it is.
// src/cli.ts wires it to the process (signals, exit codes).
import { parseArgs } from 'node:util';
import { listen, openStore, readRecording, recordTo, type RunningServer } from '../node/index.js';
import { isLoopback } from './node-server.js';
import { createSimulator, world } from '../simulator/index.js';
import { loadDocsHtml } from './docs.js';

export const USAGE = `usage: x-mock serve [options]
       x-mock check --base-url URL [options]   (drift of a running service from the spec; x-mock check --help)

Serves a deterministic simulator of the whole API, in memory (or kept on disk with --data).

options:
  --port N          port to listen on (default 4010; 0 picks a free one)
  --host H          interface to bind (default 127.0.0.1)
  --seed N          seed of ids, addresses and the prediction catalogue (default 1; with --data,
                    the store's own seed, and another one is refused)
  --api-key KEY     accept only this x-api-key (repeatable); by default any non-empty key is accepted
  --key-areas KEY=AREA,...
                    limit KEY to these areas (repeatable; swap (covers tx), tokens, portfolio,
                    trigger, prediction, lend; KEY= for none): other areas answer the gateway's 403
  --clock MODE      real (default): simulated time follows the wall clock; manual: it moves only
                    through POST /__control/advance-time
  --no-control      do not serve the control API at /__control/* nor the explorer at /__explorer
  --control-key KEY require KEY (8+ characters) in the x-control-key header of every control API
                    request and explorer action (or the X_MOCK_CONTROL_KEY environment variable);
                    required when --host is not a loopback address (127.0.0.0/8, ::1, localhost)
  --control-host H  without a control key, a browser may also reach the control API and the
                    explorer by the host name H (repeatable; default: localhost, 127.0.0.1, ::1 only)
  --journal N       requests the request journal keeps (default 200; 0 turns it off)
  --jwt-secret S    sign trigger v2 tokens with this secret (32+ bytes) so they survive a restart;
                    by default the secret is random per process (with --data, kept in the store)

durable state (needs Node >= 22.13, or 22.12 with --experimental-sqlite):
  --data DIR        keep the state in DIR/state.sqlite: balances, orders, vaults, deposits, lend
                    positions, landed signatures, the clock, the seed. A change is stored before
                    its answer is sent; a restart with the same DIR finds the world as it was
  --data-sync MODE  normal (default): a kill -9 loses nothing answered, a power loss may lose the
                    last changes; full: every change is also synced to the disk (slower writes)

paper trading (market data from a live service, money simulated; see the README):
  --upstream URL    read market data (quotes, prediction, lend vaults, eligibility, stakes) from
                    this base URL: GETs only, paced, cached, checked against the spec
  --upstream-api-key KEY
                    the key sent upstream (or the X_MOCK_UPSTREAM_API_KEY environment variable);
                    the x-api-key of the simulator's own clients is never sent
  --upstream-interval MS
                    ms between two upstream requests (default 4000 without a key, 1000 with one)
  --record DIR      write every upstream exchange to DIR as HAR 1.2 JSON files (no secrets)
  --replay DIR      serve the market data recorded in DIR, offline (manual clock from the
                    recording's start unless --clock real)
  -h, --help        show this help`;

export class UsageError extends Error {}

export interface ServeOptions {
  port: number;
  host: string;
  seed: number;
  /** Set when --seed was left out: with --data, the store's seed is used then. */
  seedDefaulted?: true;
  apiKeys: string[];
  /** API key → the areas it may call (`--key-areas`). */
  keyAreas?: Record<string, string[]>;
  clock: 'real' | 'manual';
  control: boolean;
  /** Required on every control API request when set (and set whenever the host is not loopback). */
  controlKey?: string;
  /** More host names the control API answers to without a key (`--control-host`). */
  controlHosts?: string[];
  journal?: number;
  /** Deterministic JWT secret; random per process when absent. */
  jwtSecret?: string;
  upstream?: string;
  upstreamApiKey?: string;
  upstreamIntervalMs?: number;
  record?: string;
  replay?: string;
  /** Directory of the durable store. */
  data?: string;
  dataSync?: 'normal' | 'full';
}

/** `x-mock serve` arguments as node:util parses them (throws on an unknown option). */
const parseServeArgs = (argv: string[]) =>
  parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      port: { type: 'string', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      seed: { type: 'string' },
      'api-key': { type: 'string', multiple: true },
      'key-areas': { type: 'string', multiple: true },
      clock: { type: 'string' },
      'no-control': { type: 'boolean', default: false },
      'control-key': { type: 'string' },
      'control-host': { type: 'string', multiple: true },
      journal: { type: 'string' },
      'jwt-secret': { type: 'string' },
      upstream: { type: 'string' },
      'upstream-api-key': { type: 'string' },
      'upstream-interval': { type: 'string' },
      record: { type: 'string' },
      replay: { type: 'string' },
      data: { type: 'string' },
      'data-sync': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });

/** The options of `x-mock serve ...`, or 'help'. Throws UsageError on bad input. */
export function parseCli(argv: string[], env: Readonly<Record<string, string | undefined>> = {}): ServeOptions | 'help' {
  let parsed: ReturnType<typeof parseServeArgs>;
  try {
    parsed = parseServeArgs(argv);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (positionals.length === 0) throw new UsageError('missing command');
  if (positionals[0] !== 'serve' || positionals.length > 1) throw new UsageError(`unknown command ${positionals.join(' ')}`);
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65_535) throw new UsageError(`invalid --port ${values.port}`);
  const seedText = values.seed ?? '1';
  const seed = Number(seedText);
  if (!/^-?\d+$/.test(seedText) || !Number.isSafeInteger(seed)) throw new UsageError(`invalid --seed ${seedText}`);
  const dataSync = values['data-sync'];
  if (dataSync !== undefined && dataSync !== 'normal' && dataSync !== 'full')
    throw new UsageError(`invalid --data-sync ${dataSync} (normal or full)`);
  if (dataSync !== undefined && values.data === undefined) throw new UsageError('--data-sync needs --data');
  if (values.data === '') throw new UsageError('--data needs a directory');
  // A replay follows the recording's clock; everything else follows the wall clock by default.
  const clock = values.clock ?? (values.replay !== undefined ? 'manual' : 'real');
  if (clock !== 'real' && clock !== 'manual') throw new UsageError(`invalid --clock ${clock}`);
  const upstream = values.upstream;
  if (upstream !== undefined && !/^https?:\/\/[^/]/.test(upstream))
    throw new UsageError(`invalid --upstream ${upstream} (an http or https URL)`);
  const upstreamApiKey = values['upstream-api-key'] ?? env.X_MOCK_UPSTREAM_API_KEY;
  const interval = values['upstream-interval'];
  if (interval !== undefined && !/^\d+$/.test(interval)) throw new UsageError(`invalid --upstream-interval ${interval}`);
  if (values.record !== undefined && upstream === undefined)
    throw new UsageError('--record needs --upstream (it records the upstream exchanges)');
  if (values.replay !== undefined && (upstream !== undefined || values.record !== undefined))
    throw new UsageError('--replay serves a recording offline: it cannot be combined with --upstream or --record');
  if ((upstreamApiKey !== undefined || interval !== undefined) && upstream === undefined)
    throw new UsageError('--upstream-api-key and --upstream-interval need --upstream');
  const control = !values['no-control'];
  const controlKey = values['control-key'] ?? (env.X_MOCK_CONTROL_KEY || undefined);
  if (controlKey !== undefined && controlKey.length < 8) throw new UsageError('--control-key must be at least 8 characters');
  if (control && controlKey === undefined && !isLoopback(values.host))
    throw new UsageError(
      `refusing to serve the control API on ${values.host} without a key: anyone who can reach it could change balances, prices and the clock. ` +
        'Add --control-key KEY (or set X_MOCK_CONTROL_KEY), or --no-control, or bind 127.0.0.1.',
    );
  const journal = values.journal;
  if (journal !== undefined && (!/^\d{1,6}$/.test(journal) || Number(journal) > 100_000))
    throw new UsageError(`invalid --journal ${journal} (0 to 100000)`);
  const jwtSecret = values['jwt-secret'];
  if (jwtSecret !== undefined && new TextEncoder().encode(jwtSecret).length < 32)
    throw new UsageError('--jwt-secret must be at least 32 bytes');
  let keyAreas: Record<string, string[]> | undefined;
  for (const entry of values['key-areas'] ?? []) {
    const at = entry.lastIndexOf('=');
    const key = entry.slice(0, at).trim();
    if (at < 0 || key === '') throw new UsageError(`invalid --key-areas ${entry} (KEY=AREA,AREA...)`);
    keyAreas ??= {};
    keyAreas[key] = entry
      .slice(at + 1)
      .split(',')
      .map((area) => area.trim())
      .filter((area) => area !== '');
  }
  return {
    port,
    host: values.host,
    seed,
    ...(values.seed === undefined ? { seedDefaulted: true as const } : {}),
    apiKeys: (values['api-key'] ?? []).filter((k) => k.trim() !== ''),
    ...(keyAreas ? { keyAreas } : {}),
    clock,
    control,
    ...(control && controlKey !== undefined ? { controlKey } : {}),
    ...(values['control-host']?.length ? { controlHosts: values['control-host'] } : {}),
    ...(journal !== undefined ? { journal: Number(journal) } : {}),
    ...(jwtSecret !== undefined ? { jwtSecret } : {}),
    ...(upstream !== undefined ? { upstream } : {}),
    ...(upstream !== undefined && upstreamApiKey ? { upstreamApiKey } : {}),
    ...(interval !== undefined ? { upstreamIntervalMs: Number(interval) } : {}),
    ...(values.record !== undefined ? { record: values.record } : {}),
    ...(values.replay !== undefined ? { replay: values.replay } : {}),
    ...(values.data !== undefined ? { data: values.data } : {}),
    ...(dataSync !== undefined ? { dataSync } : {}),
  };
}

/** The simulator of these options; an option it refuses (an unknown area of --key-areas) is a usage error. */
function simulatorOf(options: Parameters<typeof createSimulator>[0]): ReturnType<typeof createSimulator> {
  try {
    return createSimulator(options);
  } catch (error) {
    if (error instanceof RangeError) throw new UsageError(error.message);
    throw error;
  }
}

/** Starts the simulator and prints its URLs and a first request to try. */
export async function serve(options: ServeOptions, log: (line: string) => void = console.log): Promise<RunningServer> {
  const docsHtml = loadDocsHtml();
  const recording = options.replay !== undefined ? readRecording(options.replay) : undefined;
  const sink = options.record !== undefined ? recordTo(options.record) : undefined;
  const store = options.data !== undefined ? await openStore(options.data, { sync: options.dataSync ?? 'normal' }) : undefined;
  const restored = store?.world !== undefined;
  let simulator: ReturnType<typeof createSimulator>;
  try {
    simulator = simulatorOf({
      ...(store ? { store } : {}),
      ...(!store || !options.seedDefaulted ? { seed: options.seed } : {}),
      clock: options.clock,
      ...(options.clock === 'real' ? { now: Date.now() } : {}),
      ...(recording ? { replay: recording } : {}),
      ...(options.upstream !== undefined
        ? {
            upstream: {
              baseUrl: options.upstream,
              ...(options.upstreamApiKey !== undefined ? { apiKey: options.upstreamApiKey } : {}),
              ...(options.upstreamIntervalMs !== undefined ? { intervalMs: options.upstreamIntervalMs } : {}),
              ...(sink ? { record: sink } : {}),
              log,
            },
          }
        : {}),
      ...(options.apiKeys.length > 0 ? { apiKeys: options.apiKeys } : {}),
      ...(options.keyAreas ? { keyAreas: options.keyAreas } : {}),
      controlRoutes: options.control,
      ...(options.controlKey !== undefined ? { controlKey: options.controlKey } : {}),
      ...(options.controlHosts ? { controlHosts: options.controlHosts } : {}),
      ...(options.journal !== undefined ? { journal: options.journal } : {}),
      ...(options.jwtSecret !== undefined ? { jwtSecret: options.jwtSecret } : {}),
      ...(docsHtml !== undefined ? { docsHtml } : {}),
    });
  } catch (error) {
    store?.close();
    throw error;
  }
  const guarded = options.control && options.controlKey !== undefined;
  let server: RunningServer;
  try {
    server = await listen(simulator, {
      port: options.port,
      host: options.host,
      ...(guarded || !options.control
        ? {
            warn: () =>
              log(
                `x-mock: listening on ${options.host}, reachable from other machines; ${guarded ? 'the control API and the explorer need the control key' : 'the control API is off'}.`,
              ),
          }
        : {}),
    });
  } catch (error) {
    simulator.close();
    store?.close();
    throw error;
  }
  const close = server.close;
  server.close = async () => {
    simulator.close();
    await close();
    store?.close();
  };
  // The keys given are credentials: the example names none of them (any key works without them).
  const key = options.apiKeys.length > 0 ? '<API_KEY>' : 'any-key';
  log(`x-mock: simulator listening on ${server.url} (seed ${simulator.seed}, ${options.clock} clock)`);
  if (store)
    log(
      `  data:    ${store.location} (${restored ? 'restored' : 'new'}; every change stored before its answer, sync ${options.dataSync ?? 'normal'})`,
    );
  if (options.upstream !== undefined) {
    const pace = simulator.control.upstream().limiter as { intervalMs: number };
    log(
      `  market:  live from ${new URL(options.upstream).origin} (${options.upstreamApiKey !== undefined ? 'upstream key set' : 'keyless'}, one request per ${pace.intervalMs} ms at most); money simulated`,
    );
    if (options.record !== undefined) log(`  record:  every upstream exchange to ${options.record}`);
  }
  if (recording)
    log(
      `  market:  replayed from ${options.replay} (${recording.entries.length} exchange${recording.entries.length === 1 ? '' : 's'}); money simulated`,
    );
  if (options.upstream !== undefined || recording) log(`  status:  ${server.url}/__control/upstream`);
  log(`  docs:    ${server.url}/docs${docsHtml === undefined ? ' (not bundled: build @x/docs, then this package)' : ''}`);
  log(`  spec:    ${server.url}/openapi.json`);
  if (options.control) {
    log(`  control: ${server.url}/__control/state${options.controlKey !== undefined ? ' (send the control key in x-control-key)' : ''}`);
    log(`  explore: ${server.url}/__explorer`);
  }
  log(
    `  API key: ${options.apiKeys.length > 0 ? `one of the ${options.apiKeys.length} --api-key value(s)` : 'any non-empty x-api-key header is accepted'}`,
  );
  const limited = Object.keys(options.keyAreas ?? {}).length;
  if (limited > 0) log(`  areas:   ${limited} key(s) limited by --key-areas (other areas answer the gateway's 403)`);
  log('');
  log('try:');
  log(
    `  curl -H 'x-api-key: ${key}' '${server.url}/swap/v2/order?inputMint=${world.tokens.PLATFORM_TOKEN.mint}&outputMint=${world.tokens.STABLECOIN_USD.mint}&amount=100000000'`,
  );
  log('');
  return server;
}
