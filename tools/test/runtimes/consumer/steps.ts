// The runtime matrix's consumer program: the same steps on every runtime (Node, Bun, Deno, workerd,
// Chromium), written against web APIs only (fetch, WebCrypto, URL), with the packages installed
// from their tarballs. Each runtime's entry (cli.ts, worker.ts, page.ts) hands over the entries it
// imports, from the import map generated from the packages' `exports` maps (entries.ts, literal
// `import()` calls a bundler can see), and the steps to run; the result of
// each step is `{ ok, detail }`, never a thrown error, so one failing step does not hide the others.
import type { allEntries } from './entries.js';
import type { ProgramStep, StepResult } from './report.js';

/** Every entry's module, typed from the generated import map (entries.ts, written from the packages' `exports` maps). */
export type Modules = { [K in keyof typeof allEntries]: Awaited<ReturnType<(typeof allEntries)[K]>> };

/** The entries a runtime imports: each one a literal `import()` of its own file. */
export type Entries = { readonly [K in keyof Modules]?: () => Promise<Modules[K]> };

export interface RunOptions {
  /** The simulator's base URL (`http://127.0.0.1:<port>`). */
  readonly baseUrl: string;
  readonly steps: readonly ProgramStep[];
}

const API_KEY = 'runtime-matrix';

async function load<K extends keyof Modules>(entries: Entries, name: K): Promise<Modules[K]> {
  const loader = entries[name] as (() => Promise<Modules[K]>) | undefined;
  if (!loader) throw new Error(`${name} is not an entry of this runtime`);
  return await loader();
}

function fail(message: string): never {
  throw new Error(message);
}

interface Context {
  readonly entries: Entries;
  readonly baseUrl: string;
  mints?: { readonly input: string; readonly output: string };
}

/** PLATFORM_TOKEN and STABLECOIN_USD, read from the spec's example values. */
async function mints(context: Context): Promise<{ readonly input: string; readonly output: string }> {
  if (context.mints) return context.mints;
  const { exampleValues } = await load(context.entries, '@x/openapi/reader');
  const mintOf = (symbol: string) =>
    exampleValues().tokens.find((token) => token.symbol === symbol)?.mint ?? fail(`no ${symbol} in the spec's x-example-values`);
  context.mints = { input: mintOf('PLATFORM_TOKEN'), output: mintOf('STABLECOIN_USD') };
  return context.mints;
}

async function client(context: Context, extra: { bearer?: import('@x/types').BearerTokenProvider } = {}) {
  const { createClient } = await load(context.entries, '@x/fetch-client');
  const { responseValidator } = await load(context.entries, '@x/fetch-client/validate');
  return createClient({ baseUrl: context.baseUrl, apiKey: API_KEY, responseValidator, ...extra });
}

async function newWallet(context: Context) {
  const { signerFromKeyPair } = await load(context.entries, '@x/signing');
  return await signerFromKeyPair((await crypto.subtle.generateKey('Ed25519', false, ['sign', 'verify'])) as CryptoKeyPair);
}

const steps: Record<ProgramStep, (context: Context) => Promise<string>> = {
  /** Every entry of this runtime imports. */
  async imports(context) {
    const failed: string[] = [];
    const names = Object.keys(context.entries) as (keyof Modules)[];
    for (const name of names) {
      try {
        await load(context.entries, name);
      } catch (error) {
        failed.push(`${name}: ${describe(error)}`);
      }
    }
    if (failed.length > 0) fail(failed.join('; '));
    return names.join(', ');
  },

  /** Read calls through @x/fetch-client with response validation, and the validator catching a broken body. */
  async read(context) {
    const { input, output } = await mints(context);
    const api = await client(context);
    const { data: order } = await api.swapGetOrder({ query: { inputMint: input, outputMint: output, amount: '40000000' } });
    const { data: events } = await api.predictionListEvents({ query: { category: 'sports', includeMarkets: true } });
    const { responseIssues } = await load(context.entries, '@x/fetch-client/validate');
    const issues = (await responseIssues('GET /swap/v2/order', { ...order, inAmount: 40_000_000 })) ?? [];
    if (!issues.some((issue) => issue.kind === 'breaking')) fail('the validator let a number through where the spec says string');
    return `order ${order.inAmount} -> ${order.outAmount}, ${events.pagination.total} events, validator refuses a broken body`;
  },

  /** A signer from a WebCrypto key pair and from the same 64-byte secret key; a message signature verified. */
  async signer(context) {
    const { signerFromKeyPair, signerFromSecretKey } = await load(context.entries, '@x/signing');
    const pair = (await crypto.subtle.generateKey('Ed25519', true, ['sign', 'verify'])) as CryptoKeyPair;
    const wallet = await signerFromKeyPair(pair);
    const seed = new Uint8Array(await crypto.subtle.exportKey('pkcs8', pair.privateKey)).slice(16);
    const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
    const fromSecret = await signerFromSecretKey(new Uint8Array([...seed, ...publicKey]));
    if (fromSecret.address !== wallet.address) fail('the secret key gave another address');
    const message = new TextEncoder().encode('runtime matrix');
    const signature = await fromSecret.signMessageBytes!(message);
    const valid = await crypto.subtle.verify({ name: 'Ed25519' }, pair.publicKey, signature as Uint8Array<ArrayBuffer>, message);
    if (!valid) fail('the signature does not verify');
    return `address ${wallet.address.slice(0, 4)}…, signature verifies`;
  },

  /** A swap by hand: order, sign (checked against the order), execute. */
  async swap(context) {
    const { input, output } = await mints(context);
    const { signTransaction } = await load(context.entries, '@x/signing');
    const { getSwapOrderFailure } = await load(context.entries, '@x/fetch-client');
    const api = await client(context);
    const wallet = await newWallet(context);
    const { data: order } = await api.swapGetOrder({
      query: { inputMint: input, outputMint: output, amount: '40000000', taker: wallet.address },
    });
    const failure = getSwapOrderFailure(order);
    if (failure || !order.transaction || !order.requestId) fail(`order failed: ${failure?.meaning ?? 'no transaction'}`);
    const signedTransaction = await signTransaction(order.transaction, wallet, { feePayer: order.signatureFeePayer ?? wallet.address });
    const { data: execution } = await api.swapExecute({ body: { signedTransaction, requestId: order.requestId } });
    if (execution.status !== 'Success') fail(`execute: ${execution.status} code ${execution.code}`);
    return `${execution.status} code ${execution.code}`;
  },

  /** Trigger v2 sign-in with a message challenge and with a transaction challenge; each token used. */
  async auth(context) {
    const { createTriggerAuthSession } = await load(context.entries, '@x/signing');
    const wallet = await newWallet(context);
    const plain = await client(context);
    const done: string[] = [];
    for (const challengeType of ['message', 'transaction'] as const) {
      const session = createTriggerAuthSession({ client: plain, signer: wallet, challengeType });
      const token = await session.getToken();
      if (token.split('.').length !== 3) fail(`${challengeType}: the token is not a JWT`);
      const authed = await client(context, { bearer: session });
      const { data } = await authed.triggerV2GetOrderHistory({ query: { state: 'active' } });
      done.push(`${challengeType} (${data.orders.length} orders)`);
    }
    return done.join(', ');
  },

  /** The one-call swap flow of @x/signing/flows. */
  async swapFlow(context) {
    const { input, output } = await mints(context);
    const { swap } = await load(context.entries, '@x/signing/flows');
    const api = await client(context);
    const wallet = await newWallet(context);
    const result = await swap({ client: api, signer: wallet, order: { inputMint: input, outputMint: output, amount: '40000000' } });
    if (result.execution.status !== 'Success') fail(`swap flow: ${result.execution.status}`);
    return `${result.execution.status} code ${result.execution.code}`;
  },

  /** @x/mock's core entry in this runtime: the simulator as a fetch handler, no network. */
  async simulator(context) {
    const { createSimulator } = await load(context.entries, '@x/mock');
    const unexpected: string[] = [];
    const sim = createSimulator({ onUnexpectedError: (error) => unexpected.push(describe(error)) });
    const response = await sim.fetch(
      new Request('http://simulator.invalid/prediction/v1/events?category=sports', { headers: { 'x-api-key': API_KEY } }),
    );
    if (response.status !== 200) fail(`the simulator answered ${response.status}${unexpected.length ? `: ${unexpected.join('; ')}` : ''}`);
    const body = (await response.json()) as { pagination: { total: number } };
    return `in-process answer, ${body.pagination.total} events`;
  },

  /** @x/mcp's server in this program, on a transport of the program's own (as a worker serving MCP would): initialize, tools/list, a read tool against the simulator. */
  async mcpServer(context) {
    const { createMcpServer } = await load(context.entries, '@x/mcp');
    const server = createMcpServer({ baseUrl: context.baseUrl, apiKey: API_KEY, tools: 'read' });
    const answers = new Map<number, (message: JsonRpcAnswer) => void>();
    const transport: {
      onmessage?: (message: object) => void;
      start(): Promise<void>;
      close(): Promise<void>;
      send(message: JsonRpcAnswer): Promise<void>;
    } = {
      async start() {},
      async close() {},
      async send(message) {
        if (typeof message.id === 'number') answers.get(message.id)?.(message);
      },
    };
    await server.connect(transport as unknown as Parameters<typeof server.connect>[0]);
    let id = 0;
    const call = (method: string, params: object) =>
      new Promise<JsonRpcAnswer>((resolve, reject) => {
        id += 1;
        const timer = setTimeout(() => reject(new Error(`no answer to ${method} in 10 s`)), 10_000);
        answers.set(id, (message) => {
          clearTimeout(timer);
          resolve(message);
        });
        transport.onmessage!({ jsonrpc: '2.0', id, method, params });
      });
    try {
      const init = await call('initialize', {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'runtime-matrix', version: '1' },
      });
      transport.onmessage!({ jsonrpc: '2.0', method: 'notifications/initialized' });
      const list = await call('tools/list', {});
      const answer = await call('tools/call', { name: 'predictionGetTradingStatus', arguments: {} });
      for (const message of [init, list, answer]) if (message.error) fail(`the server answered an error: ${message.error.message}`);
      const tools = (list.result.tools as { name: string }[]).map((tool) => tool.name);
      if (!tools.includes('predictionGetTradingStatus') || tools.includes('swapExecute'))
        fail(`tools/list (read) lists ${tools.join(', ')}`);
      if (answer.result.structuredContent?.status !== 200) fail(`tools/call: ${JSON.stringify(answer.result).slice(0, 300)}`);
      return `${init.result.serverInfo.name}: ${tools.length} tools, predictionGetTradingStatus 200`;
    } finally {
      await server.close();
    }
  },
};

interface JsonRpcAnswer {
  readonly id?: number;
  readonly result?: any;
  readonly error?: { readonly message: string };
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`.replace(/\s+/g, ' ').slice(0, 400);
  return String(error).slice(0, 400);
}

/** Runs the asked steps in order and reports each one. */
export async function runSteps(entries: Entries, options: RunOptions): Promise<Record<string, StepResult>> {
  const context: Context = { entries, baseUrl: options.baseUrl };
  const results: Record<string, StepResult> = {};
  for (const name of options.steps) {
    try {
      results[name] = { ok: true, detail: await steps[name](context) };
    } catch (error) {
      results[name] = { ok: false, detail: describe(error) };
    }
  }
  return results;
}
