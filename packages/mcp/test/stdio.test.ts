// The built `x-mcp` through the MCP SDK's own client over stdio, against the simulator (@x/mock's
// node server on a free 127.0.0.1 port): the tool list of each mode equals the spec's operations of
// that mode; every input and output schema compiles; a read, a prepare with its decoded summary,
// an API error as isError, bad arguments as isError; no key or bearer in any result or log.
import { createClient, type ApiClient } from '@x/fetch-client';
import { createSimulator, world } from '@x/mock';
import { listen, type RunningServer } from '@x/mock/node';
import { operations } from '@x/openapi/reader';
import { createTriggerAuthSession, signerFromKeyPair } from '@x/signing';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Connected } from './connect.js';

const addFormats = addFormatsModule as unknown as (ajv: object) => void;
const API_KEY = 'sk-test-mcp-0123456789';
let server: RunningServer;
let requests = 0;
let bearer: string;
let wallet: string;
const servers: Connected[] = [];
const results: unknown[] = [];

const start = async (args: string[]) => {
  // (--interval 0: the simulator is local; test/polite.test.ts checks the pacing)
  const connected = await connect(['--base-url', server.url, '--api-key', API_KEY, '--interval', '0', ...args]);
  servers.push(connected);
  return connected;
};
const call = async (c: Connected, name: string, args: Record<string, unknown>) => {
  const result = await c.client.callTool({ name, arguments: args });
  results.push(result);
  return result as { isError?: boolean; content: Array<{ type: string; text: string }>; structuredContent?: any };
};

beforeAll(async () => {
  server = await listen(createSimulator({ apiKeys: [API_KEY] }), { port: 0, onRequest: () => void requests++ });
  const signer = await signerFromKeyPair((await crypto.subtle.generateKey('Ed25519', false, ['sign', 'verify'])) as CryptoKeyPair);
  wallet = signer.address;
  let api: ApiClient;
  const session = createTriggerAuthSession({ client: () => api, signer });
  api = createClient({ baseUrl: server.url, apiKey: API_KEY, bearer: session });
  bearer = await session.getToken();
  await api.triggerV2RegisterVault();
});
afterAll(async () => {
  for (const s of servers) await s.close();
  await server?.close();
});

/** The operations of each mode, read from the spec itself (its marks), not from the catalogue. */
function expectedTools(mode: 'read' | 'prepare' | 'all'): string[] {
  return operations()
    .filter((op) => {
      const prepares = op.extensions['x-prepares-transaction'];
      const sideEffects = op.extensions['x-side-effects'] === true;
      const read = op.method === 'GET' && !sideEffects && prepares !== true;
      // a step of a sign-in (x-sign-in) is no tool of any mode
      if (op.extensions['x-sign-in'] !== undefined) return false;
      return mode === 'all' || read || (mode === 'prepare' && prepares === true && !sideEffects);
    })
    .map((op) => op.operationId);
}

describe('x-mcp over stdio, through the MCP SDK client', () => {
  it.each(['read', 'prepare', 'all'] as const)('--tools %s lists exactly the operations of that mode', async (mode) => {
    const c = await start(['--tools', mode, '--bearer-token', bearer]);
    const { tools } = await c.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expectedTools(mode));
    expect(tools.length).toBeGreaterThan(0);
  });

  it('--dynamic lists the three tools and reaches the operations of --tools through them', async () => {
    const c = await start(['--dynamic', '--tools', 'read']);
    const { tools } = await c.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['search_operations', 'describe_operation', 'call_operation']);
    const status = await call(c, 'call_operation', { name: 'predictionGetTradingStatus', arguments: {} });
    expect(status.structuredContent).toMatchObject({ status: 200, result: { trading_active: expect.any(Boolean) } });
    expect((await call(c, 'call_operation', { name: 'lendBorrowOperate', arguments: {} })).isError).toBe(true);
    expect(c.stderr()).toContain(`3 tools reaching ${expectedTools('read').length} operations (read, dynamic)`);
  });

  it('defaults to prepare', async () => {
    const { tools } = await (await start([])).client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expectedTools('prepare'));
  });

  it('every input and output schema compiles (JSON Schema 2020-12 in ajv strict mode with union types, and the draft the SDK client uses)', async () => {
    const { tools } = await (await start(['--tools', 'all', '--output-schemas'])).client.listTools();
    const strict = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
    addFormats(strict);
    const draft7 = new Ajv({ strict: false, validateFormats: true });
    addFormats(draft7);
    for (const tool of tools) {
      for (const schema of [tool.inputSchema, tool.outputSchema]) {
        expect(schema?.type, tool.name).toBe('object');
        expect(() => strict.compile(schema!), tool.name).not.toThrow();
        expect(() => draft7.compile(schema!), tool.name).not.toThrow();
      }
      expect(tool.description, tool.name).toBeTruthy();
    }
  });

  it('the output schemas read answers tolerantly: an unknown field and a new enum value pass', async () => {
    const { tools } = await (await start(['--tools', 'read', '--output-schemas'])).client.listTools();
    const market = tools.find((t) => t.name === 'predictionGetMarket')!;
    const validate = new Ajv2020({ strict: false }).compile(market.outputSchema!);
    const c = await start(['--tools', 'read', '--output-schemas']);
    const events = await call(c, 'predictionGetEventScores', {});
    const eventId = events.structuredContent.result.data[0].eventId;
    const event = await call(c, 'predictionGetEvent', { eventId });
    const marketId = event.structuredContent.result.markets[0].marketId;
    const answer = (await call(c, 'predictionGetMarket', { marketId })).structuredContent;
    expect(validate(answer)).toBe(true);
    expect(validate({ ...answer, result: { ...answer.result, status: 'a-status-added-later', addedLater: { x: 1 } } })).toBe(true);
    expect(validate({ ...answer, result: { ...answer.result, status: 42 } })).toBe(false);
  });

  it('a read call answers structured content (validated by the SDK client against the output schema)', async () => {
    const c = await start(['--tools', 'read', '--output-schemas']);
    const result = await call(c, 'predictionGetTradingStatus', {});
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ status: 200, result: { trading_active: expect.any(Boolean) } });
    expect(JSON.parse(result.content[0]!.text)).toEqual(result.structuredContent.result);
  });

  it('in read mode a swap order is a quote: no taker argument, no transaction', async () => {
    const c = await start(['--tools', 'read', '--output-schemas']);
    const { tools } = await c.client.listTools();
    const order = tools.find((t) => t.name === 'swapGetOrder')!;
    expect(Object.keys(order.inputSchema.properties ?? {})).not.toContain('taker');
    expect(order.outputSchema?.properties).not.toHaveProperty('preparedTransactions');
    const args = { inputMint: world.tokens.NATIVE_COIN.mint, outputMint: world.tokens.STABLECOIN_USD.mint, amount: '1000000000' };
    const quote = await call(c, 'swapGetOrder', args);
    expect(quote.structuredContent.result.transaction).toBeNull();
    const refused = await call(c, 'swapGetOrder', { ...args, taker: wallet });
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toContain('unknown argument(s) taker');
  });

  it('a prepare call answers the unsigned transaction and what it would do, decoded', async () => {
    const c = await start(['--bearer-token', bearer]);
    const vault = (await call(c, 'triggerV2GetVault', {})).structuredContent.result.vaultPubkey;
    const amount = '2000000000'; // 2 NATIVE_COIN, above the 10 USD minimum
    const result = await call(c, 'triggerV2CraftDeposit', {
      body: {
        userAddress: wallet,
        orderType: 'price',
        orderSubType: 'single',
        inputMint: world.tokens.NATIVE_COIN.mint,
        outputMint: world.tokens.STABLECOIN_USD.mint,
        amount,
      },
    });
    expect(result.isError).toBeFalsy();
    const [prepared] = result.structuredContent.preparedTransactions;
    expect(prepared.field).toBe('transaction');
    expect(prepared.feePayer).toBe(wallet);
    expect(prepared.signers).toEqual([wallet]);
    expect(prepared.movements).toEqual([
      expect.objectContaining({ kind: 'transfer', asset: 'native', amount, source: wallet, destination: vault }),
    ]);
    expect(prepared.summary).toContain(
      `1. It transfers ${amount} lamports of the native coin from ${wallet} to ${vault}, authorised by ${wallet}.`,
    );
    expect(result.content[0]!.text).toMatch(
      /^Unsigned transaction in transaction \(not signed; the user signs it in their own wallet\):\nFee payer: /,
    );
  });

  it('a token deposit is decoded with its mint and the amount in units', async () => {
    const c = await start(['--bearer-token', bearer]);
    const mint = world.tokens.PLATFORM_TOKEN.mint;
    const result = await call(c, 'triggerV2CraftDeposit', {
      body: {
        userAddress: wallet,
        orderType: 'price',
        orderSubType: 'single',
        inputMint: mint,
        outputMint: world.tokens.STABLECOIN_USD.mint,
        amount: '100000000',
      },
    });
    const [prepared] = result.structuredContent.preparedTransactions;
    expect(prepared.movements).toEqual([
      expect.objectContaining({ kind: 'token-transfer', asset: 'token', amount: '100000000', mint, decimals: 6 }),
    ]);
    expect(prepared.summary.join('\n')).toContain(`100000000 base units of mint ${mint} (100 at 6 decimals)`);
  });

  it('a swap order with a taker is a prepare: its transaction is decoded too', async () => {
    const c = await start([]);
    const result = await call(c, 'swapGetOrder', {
      inputMint: world.tokens.NATIVE_COIN.mint,
      outputMint: world.tokens.STABLECOIN_USD.mint,
      amount: '1000000000',
      taker: wallet,
    });
    const [prepared] = result.structuredContent.preparedTransactions;
    expect(prepared.signers).toContain(wallet);
    expect(prepared.summary.join('\n')).toMatch(/not visible offline/);
  });

  it('an API error is a tool error with the status, who answered, its code and message, and the body; the server keeps serving', async () => {
    const c = await start([]);
    const result = await call(c, 'predictionGetEvent', { eventId: 'no-such-event' });
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toMatch(
      /^HTTP 404 from GET \/prediction\/v1\/events\/\{eventId\}, the area: code not_found, Event no-such-event not found\n\{"message":"Event no-such-event not found","code":"not_found"/,
    );
    expect((await call(c, 'predictionGetTradingStatus', {})).isError).toBeFalsy();
  });

  it("the gateway's refusal of a key is a tool error with the gateway's code and message, never the key", async () => {
    const wrongKey = 'sk-wrong-key-for-the-gateway';
    const c = await connect(['--base-url', server.url, '--api-key', wrongKey, '--interval', '0', '--tools', 'read']);
    servers.push(c);
    const result = await call(c, 'predictionGetTradingStatus', {});
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toBe(
      'HTTP 401 from GET /prediction/v1/trading-status, the API gateway: code 401, Unauthorized\n{"code":401,"message":"Unauthorized"}',
    );
    expect(JSON.stringify(result)).not.toContain(wrongKey);
  });

  it('bad arguments are a tool error naming the argument; nothing is sent', async () => {
    const c = await start([]);
    const before = requests;
    const result = await call(c, 'swapGetOrder', { inputMint: 'not-a-mint', outputMint: world.tokens.STABLECOIN_USD.mint, amount: '1' });
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toMatch(/^swapGetOrder: invalid arguments: inputMint: .*pattern/);
    const missing = await call(c, 'triggerV1CancelOrders', {});
    expect(missing.content[0]!.text).toContain('body: required');
    const noBearer = await call(c, 'triggerV2GetVault', {});
    expect(noBearer.content[0]!.text).toContain('needs a trigger v2 bearer token');
    expect(requests).toBe(before);
  });

  it('takes the bearer token from X_BEARER_TOKEN, as the API key from X_API_KEY', async () => {
    const c = await connect(['--base-url', server.url], { X_API_KEY: API_KEY, X_BEARER_TOKEN: bearer });
    servers.push(c);
    const vault = await call(c, 'triggerV2GetVault', {});
    expect(vault.isError).toBeFalsy();
    expect(vault.structuredContent.result.vaultPubkey).toEqual(expect.any(String));
  });

  it('an unknown tool and an unreachable service are tool errors too', async () => {
    const c = await start([]);
    expect((await call(c, 'noSuchTool', {})).isError).toBe(true);
    const down = await connect(['--base-url', 'http://127.0.0.1:1', '--api-key', API_KEY, '--retries', '0']);
    servers.push(down);
    const result = await down.client.callTool({ name: 'predictionGetTradingStatus', arguments: {} });
    results.push(result);
    expect(result.isError).toBe(true);
    expect((result.content as Array<{ text: string }>)[0]!.text).toMatch(/^ConnectionError: /);
  });

  it('no result and no log line holds the API key or the bearer token', () => {
    expect(results.length).toBeGreaterThan(10);
    const everything = JSON.stringify(results) + servers.map((s) => s.stderr()).join('\n');
    expect(everything).not.toContain(API_KEY);
    expect(everything).not.toContain(bearer);
    expect(servers.map((s) => s.stderr()).join('')).toContain('x-mcp');
  });
});
