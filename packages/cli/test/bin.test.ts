// The built `x` against the simulator (@x/mock's node server on a free 127.0.0.1 port): every read
// operation of the spec, a body from stdin and from a file, --json piped to a JSON parser, paged
// --all, --include, the exit codes, usage errors that name the flag, and secrets never printed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type ApiClient } from '@x/fetch-client';
import { createSimulator, world } from '@x/mock';
import { listen, type RunningServer } from '@x/mock/node';
import { operation, operations, requestExample, validateResponse } from '@x/openapi/reader';
import { answerTriggerChallenge, createTriggerAuthSession, signerFromKeyPair, signTransaction } from '@x/signing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '@x/catalogue';
import { main } from '../src/main.js';
import { runX, type Run } from './run-x.js';

const API_KEY = 'sk-test-cli-0123456789';
let server: RunningServer;
let requests = 0;
/** When each request reached the simulator (ms), by path. */
const arrivals: Array<{ path: string; at: number }> = [];
let bearer: string;
let env: Record<string, string>;
const all: Run[] = [];
const x = async (args: string[], options: Parameters<typeof runX>[1] = {}) => {
  const run = await runX(args, { ...options, env: { ...env, ...options.env } });
  all.push(run);
  return run;
};

/** A key the simulator's gateway lets call the lend area only. */
const LEND_ONLY = 'lend-only-key';

beforeAll(async () => {
  server = await listen(createSimulator({ apiKeys: [API_KEY, LEND_ONLY], keyAreas: { [LEND_ONLY]: ['lend'] } }), {
    port: 0,
    onRequest: (r) => {
      requests++;
      arrivals.push({ path: r.path, at: performance.now() });
    },
  });
  env = { X_BASE_URL: server.url, X_API_KEY: API_KEY };
  const wallet = await signerFromKeyPair((await crypto.subtle.generateKey('Ed25519', false, ['sign', 'verify'])) as CryptoKeyPair);
  let api: ApiClient;
  const session = createTriggerAuthSession({ client: () => api, signer: wallet });
  api = createClient({ baseUrl: server.url, apiKey: API_KEY, bearer: session });
  bearer = await session.getToken();
  await api.triggerV2RegisterVault();
});
afterAll(() => server?.close());

/** Values a user would pass: the spec's examples, with ids the simulator's catalogue really has. */
async function liveValues(): Promise<Record<string, string>> {
  const scores = JSON.parse((await x(['prediction-get-event-scores', '--json'])).stdout) as { data: Array<{ eventId: string }> };
  const eventId = scores.data[0]!.eventId;
  const event = JSON.parse((await x(['prediction-get-event', '--eventId', eventId, '--json'])).stdout) as {
    markets: Array<{ marketId: string }>;
  };
  return { eventId, marketId: event.markets[0]!.marketId };
}

describe('x, the built bin, against the simulator', () => {
  it('answers every read operation of the spec, each answer valid against the spec', async () => {
    const live = await liveValues();
    const reads = operations().filter(
      (op) => op.method === 'GET' && op.extensions['x-side-effects'] !== true && op.extensions['x-prepares-transaction'] !== true,
    );
    expect(reads.map((op) => op.operationId).sort()).toEqual(
      catalogue
        .filter((c) => c.access === 'read')
        .map((c) => c.operationId)
        .sort(),
    );
    // As `x-mock check` does: the required parameters first; on a 400, every parameter the spec
    // gives an example of (the service wants more than the spec requires).
    const argsOf = (op: (typeof reads)[number], optional: boolean) => {
      const entry = catalogue.find((c) => c.operationId === op.operationId)!;
      const example = requestExample(op, { optional });
      const args = [entry.command, '--json'];
      for (const p of op.parameters) {
        if (p.name === entry.preparesWhen) continue;
        const value = p.name in live && (optional || p.required) ? live[p.name] : example[p.in as 'path' | 'query'][p.name];
        if (value !== undefined) args.push(`--${p.name}`, typeof value === 'string' ? value : JSON.stringify(value));
      }
      if (entry.bearer) args.push('--bearer-token', bearer);
      return args;
    };
    const runs = await Promise.all(
      reads.map(async (op) => {
        const first = await x(argsOf(op, false));
        return [op.operationId, / HTTP 400 /.test(first.stderr) ? await x(argsOf(op, true)) : first] as const;
      }),
    );
    for (const [id, run] of runs) {
      expect(run.stderr, id).toBe('');
      expect(run.code, id).toBe(0);
      const check = validateResponse(operation(id), { status: 200, body: JSON.parse(run.stdout) });
      expect(check.errors, id).toEqual([]);
    }
  });

  it('in a pipe, prints one name<TAB>value line per value, every list element on its own line, no colour', async () => {
    const run = await x(['lend-get-borrow-vaults']);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^\[0\]\.id\t\d+$/);
    for (const line of lines) expect(line).toMatch(/^[^\t ]+\t[^\t]*$/);
    expect(run.stdout).not.toContain('\u001b');
    // Nothing lost: every scalar of the JSON answer is one line, in order.
    const body = JSON.parse((await x(['lend-get-borrow-vaults', '--json'])).stdout) as unknown;
    const leaves = (value: unknown): number =>
      value !== null && typeof value === 'object' ? Object.values(value).reduce<number>((n, item) => n + leaves(item), 0) || 1 : 1;
    expect(lines).toHaveLength(leaves(body));
  });

  it('on a terminal, prints the values aligned in one column', async () => {
    let out = '';
    const code = await main(['lend-get-borrow-vaults'], {
      stdout: (text) => {
        out += text;
      },
      stderr: () => {},
      stdoutIsTTY: true,
      env,
      readStdin: async () => '',
      readFile: async () => '',
    });
    expect(code).toBe(0);
    const lines = out.trim().split('\n');
    expect(lines[0]).toMatch(/^\[0\]\.id {2,}\d+$/);
    expect(out).not.toContain('\t');
    const column = (line: string) => /^\S+\s+/.exec(line)![0].length;
    expect(new Set(lines.map(column)).size).toBe(1);
  });

  it('takes the bearer token from X_BEARER_TOKEN, as the API key from X_API_KEY, and never prints it', async () => {
    const run = await x(['trigger-v2-get-vault', '--json'], { env: { X_BEARER_TOKEN: bearer } });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ vaultPubkey: expect.any(String) });
    const refused = await x(['trigger-v2-get-vault'], { env: { X_BEARER_TOKEN: `${bearer}x` } });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^x: trigger-v2-get-vault: the trigger v2 bearer token was refused \(401\).* --bearer-token/);
    const missing = await x(['trigger-v2-get-vault']);
    expect(missing.stderr).toMatch(/needs --bearer-token or X_BEARER_TOKEN/);
  });

  it('signs in through x: the token verify answers is withheld unless --reveal, and the revealed one works', async () => {
    const wallet = await signerFromKeyPair((await crypto.subtle.generateKey('Ed25519', false, ['sign', 'verify'])) as CryptoKeyPair);
    const signedBody = async () => {
      const challenge = await x([
        'trigger-v2-create-challenge',
        '--json',
        '--body',
        JSON.stringify({ walletPubkey: wallet.address, type: 'message' }),
      ]);
      expect(challenge.code).toBe(0);
      // signed in the user's own wallet, not by x
      return JSON.stringify(await answerTriggerChallenge(JSON.parse(challenge.stdout), wallet));
    };
    const hidden = await x(['trigger-v2-verify-challenge', '--json', '--body', '-'], { stdin: await signedBody() });
    expect(hidden.code).toBe(0);
    expect(JSON.parse(hidden.stdout).token).toBe('[withheld: a credential; x --reveal prints it]');
    expect(hidden.stderr).toMatch(/token: withheld \(a credential\).*--reveal/);
    const shown = await x(['trigger-v2-verify-challenge', '--json', '--reveal', '--body', '-'], { stdin: await signedBody() });
    expect(shown.code).toBe(0);
    const { token } = JSON.parse(shown.stdout) as { token: string };
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    // the token is the new wallet's: its vault is created with it
    const vault = await x(['trigger-v2-register-vault', '--json'], { env: { X_BEARER_TOKEN: token } });
    expect(vault.stderr).toBe('');
    expect(vault.code).toBe(0);
    expect(JSON.parse(vault.stdout)).toMatchObject({ vaultPubkey: expect.any(String) });
  });

  it('--json piped to a JSON parser', async () => {
    const run = await x([], {
      shell: `$X_BIN prediction-get-trading-status --json | ${process.execPath} -e "const b = JSON.parse(require('fs').readFileSync(0, 'utf8')); console.log('parsed', typeof b.trading_active)"`,
    });
    expect(run.stdout.trim()).toBe('parsed boolean');
    expect(run.code).toBe(0);
  });

  it('takes a body from stdin (--body -) and from a file (--body @file)', async () => {
    const body = requestExample(operation('triggerV1CreateOrder')).body as Record<string, unknown>;
    const fromStdin = await x(['trigger-v1-create-order', '--body', '-', '--json'], { stdin: JSON.stringify(body) });
    expect(fromStdin.stderr).toBe('');
    expect(JSON.parse(fromStdin.stdout).transaction).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const file = join(mkdtempSync(join(tmpdir(), 'x-cli-')), 'body.json');
    writeFileSync(file, JSON.stringify(body));
    const fromFile = await x(['trigger-v1-create-order', '--body', `@${file}`, '--json']);
    expect(fromFile.code).toBe(0);
    expect(JSON.parse(fromFile.stdout).order).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  });

  it('--all paces its page requests: they start --interval ms apart', async () => {
    const from = arrivals.length;
    const interval = 500;
    const run = await x(['prediction-list-events', '--all', '--start', '0', '--end', '9', '--interval', String(interval), '--json']);
    expect(run.code).toBe(0);
    const pages = run.stdout.trim().split('\n').length;
    const times = arrivals
      .slice(from)
      .filter((r) => r.path.endsWith('/prediction/v1/events'))
      .map((r) => r.at);
    expect(pages).toBeGreaterThanOrEqual(4);
    expect(times.length).toBe(pages);
    // Measured where the requests arrive, so one late arrival under load shortens one gap and
    // lengthens the next, and a late first one shortens the span: paced, the span is at least
    // (pages - 1) * interval less the first one's delay (a loaded machine's stall can be hundreds of
    // ms); unpaced, tens of ms.
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual((pages - 1) * interval * 0.5);
  });

  it('--all streams every page of a paged operation as JSON lines', async () => {
    const run = await x(['prediction-list-events', '--all', '--start', '0', '--end', '3', '--interval', '0', '--json']);
    expect(run.code).toBe(0);
    const pages = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.at(-1).pagination.hasNext).toBe(false);
    const ids = pages.flatMap((page) => page.data.map((e: { eventId: string }) => e.eventId));
    expect(new Set(ids).size).toBe(ids.length);
    const oneCall = JSON.parse((await x(['prediction-list-events', '--json', '--start', '0', '--end', '1000'])).stdout);
    expect(ids.length).toBe(oneCall.data.length);
  });

  it('--all walks numbered pages up to totalPages (trigger v1 orders: page-number)', async () => {
    const wallet = await signerFromKeyPair((await crypto.subtle.generateKey('Ed25519', false, ['sign', 'verify'])) as CryptoKeyPair);
    const api = createClient({ baseUrl: server.url, apiKey: API_KEY });
    for (let i = 0; i < 12; i++) {
      const { data: created } = await api.triggerV1CreateOrder({
        body: {
          maker: wallet.address,
          payer: wallet.address,
          inputMint: world.tokens.PLATFORM_TOKEN.mint,
          outputMint: world.tokens.STABLECOIN_USD.mint,
          params: { makingAmount: '40000000', takingAmount: '30000000' },
        },
        throwOnError: true,
      });
      const signedTransaction = await signTransaction(created.transaction, wallet);
      await api.triggerV1Execute({ body: { requestId: created.requestId, signedTransaction }, throwOnError: true });
    }
    const run = await x(['trigger-v1-get-trigger-orders', '--user', wallet.address, '--all', '--interval', '0', '--json']);
    expect(run.code).toBe(0);
    const pages = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(pages.map((page) => [page.page, page.totalPages, page.orders.length])).toEqual([
      [1, 2, 10],
      [2, 2, 2],
    ]);
  });

  it('--include adds the status and the rate-limit headers (to stderr with --json)', async () => {
    const text = await x(['prediction-get-trading-status', '--include']);
    expect(text.stdout).toMatch(/^HTTP 200\nx-ratelimit-remaining: \d+\n/);
    const json = await x(['prediction-get-trading-status', '--include', '--json']);
    expect(JSON.parse(json.stdout).trading_active).toBeTypeOf('boolean');
    expect(json.stderr).toMatch(/^HTTP 200\n/);
  });

  it('exit 1 on an API error: its status and the area error body on stderr', async () => {
    const run = await x(['prediction-get-event', '--eventId', 'no-such-event']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')[0]).toBe(
      'x: prediction-get-event: HTTP 404 (GET /prediction/v1/events/{eventId}), the area: code not_found, Event no-such-event not found',
    );
    const body = JSON.parse(run.stderr.slice(run.stderr.indexOf('\n') + 1));
    expect(body).toMatchObject({ code: 'not_found', request_id: expect.any(String) });
  });

  it("exit 1 on the gateway's errors: who answered, its code and message, then its body", async () => {
    const wrong = await x(['prediction-get-trading-status'], { env: { X_API_KEY: 'not-a-key' } });
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toBe('');
    const [first, ...rest] = wrong.stderr.trim().split('\n');
    expect(first).toBe(
      'x: prediction-get-trading-status: HTTP 401 (GET /prediction/v1/trading-status), the API gateway: code 401, Unauthorized',
    );
    expect(JSON.parse(rest.join('\n'))).toEqual({ code: 401, message: 'Unauthorized' });
    expect(wrong.stderr).not.toContain('not-a-key');

    const noAccess = await x(['prediction-get-trading-status'], { env: { X_API_KEY: LEND_ONLY } });
    expect(noAccess.code).toBe(1);
    expect(noAccess.stderr.split('\n')[0]).toBe(
      'x: prediction-get-trading-status: HTTP 403 (GET /prediction/v1/trading-status), the API gateway: code 403, API key does not have access to this endpoint',
    );
    expect(noAccess.stderr).not.toContain(LEND_ONLY);
    expect((await x(['lend-get-borrow-vaults', '--json'], { env: { X_API_KEY: LEND_ONLY } })).code).toBe(0);
  });

  it('exit 1 when the service cannot be reached', async () => {
    const run = await x(['prediction-get-trading-status', '--base-url', 'http://127.0.0.1:1', '--retries', '0']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/ConnectionError/);
  });

  it.each([
    [['no-such-command'], /unknown command \(not repeated: it may be a value given in the wrong place; x --help lists them\)/],
    [
      ['swap-get-order', '--inputMint', world.tokens.NATIVE_COIN.mint, '--outputMint', world.tokens.STABLECOIN_USD.mint, '--amount', '1e9'],
      /--amount: .*pattern/,
    ],
    [['swap-get-order', '--outputMint', world.tokens.STABLECOIN_USD.mint, '--amount', '1'], /--inputMint: required/],
    [['prediction-get-trading-status', '--bogus', '1'], /--bogus is not a parameter of prediction-get-trading-status/],
    [['prediction-get-trading-status', '--all'], /--all: prediction-get-trading-status is not paged/],
    [['prediction-list-events', '--interval', '100'], /--interval: only with --all/],
    [['trigger-v1-cancel-orders', '--body', '{not json'], /--body: the flag is not JSON/],
    [['trigger-v1-cancel-orders', '--body', '{"maker": 5}'], /--body: .*maker.*string/],
    [['trigger-v2-get-vault'], /needs --bearer-token/],
    [['prediction-get-trading-status', '--timeout', 'soon'], /--timeout: must be a whole number/],
  ])('exit 2 on a usage error, nothing sent: %j', async (args, message) => {
    const before = requests;
    const run = await x(args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
    expect(requests).toBe(before);
  });

  it('exit 2 without a base URL', async () => {
    const run = await runX(['prediction-get-trading-status'], { env: {} });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/missing --base-url \(or X_BASE_URL\)/);
  });

  it('x --help lists every command, grouped by area; x <command> --help documents every parameter', async () => {
    const help = await x(['--help']);
    expect(help.code).toBe(0);
    for (const op of catalogue) expect(help.stdout).toMatch(new RegExp(`^  ${op.command} +\\S`, 'm'));
    for (const area of new Set(catalogue.map((op) => op.area))) expect(help.stdout).toMatch(new RegExp(`^${area}$`, 'm'));
    const order = await x(['swap-get-order', '--help']);
    expect(order.stdout).toContain('GET /swap/v2/order');
    expect(order.stdout).toMatch(/^ {2}--amount {2}string, required\n.*\n {6}rules: pattern \^\[0-9\]\+\$\n {6}example: 100000000$/m);
    expect(order.stdout).toMatch(/^ {2}--slippageBps {2}integer, optional\n.*\n {6}rules: 0 to 10000$/m);
    expect(order.stdout).toMatch(/^example:\n {2}x swap-get-order --inputMint \S+ --outputMint \S+ --amount 100000000$/m);
    const cancel = await x(['trigger-v1-cancel-orders', '--help']);
    expect(cancel.stdout).toMatch(/^body \(--body JSON\|@FILE\|-\): a JSON object, required$/m);
  });

  it('the example line of every command is accepted by the spec check (or stops only at the bearer token)', async () => {
    const { exampleLine } = await import('../src/help.js');
    for (const op of catalogue) {
      const line = exampleLine(op);
      expect(line.startsWith(`x ${op.command}`), op.command).toBe(true);
      for (const p of op.parameters.filter((q) => q.required)) expect(line, `${op.command} --${p.name}`).toContain(`--${p.name} `);
    }
  });

  it('never prints the API key or the bearer token, in any output of this suite', async () => {
    await x(['prediction-get-trading-status', '--api-key', 'sk-wrong-key-987654']);
    await x(['trigger-v2-get-vault', '--bearer-token', bearer, '--json']);
    await x(['trigger-v2-get-vault', '--bearer-token', `${bearer}x`]);
    await x(['no-such-command', '--api-key', API_KEY]);
    expect(all.length).toBeGreaterThan(10);
    for (const run of all) {
      for (const secret of [API_KEY, 'sk-wrong-key-987654', bearer]) {
        expect(run.stdout).not.toContain(secret);
        expect(run.stderr).not.toContain(secret);
      }
    }
  });
});
