// A scripted agent (no model): for each of the intents below, the dynamic mode's search must put
// the operation the intent ends at among its first 3 results, and that operation's lean
// description must still name what it is for (the words given). Then the agent goes the whole way
// for some intents against the simulator: search, describe, call, with the same rules as the
// one-tool-per-operation mode (argument checks, prepare-only, isError, no secret in a result).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createSimulator, world } from '@x/mock';
import { listen, type RunningServer } from '@x/mock/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpServer } from '../src/index.js';
import { searchIndex } from '../src/search.js';
import { operationsFor, type ToolMode, toolsFor } from '../src/tools.js';

/** intent, the operation it must end at, words its description must hold, and the tool set (default prepare). */
const INTENTS: ReadonlyArray<[string, string, string[], ToolMode?]> = [
  ['quote 1 NATIVE_COIN in STABLECOIN_USD', 'swapGetOrder', ['Quote', 'smallest unit']],
  ['swap tokens: give me the unsigned transaction to sign', 'swapGetOrder', ['unsigned swap transaction']],
  ['build raw swap instructions for my own transaction', 'swapGetBuild', ['swap instructions']],
  ['create a limit order selling a token at a price', 'triggerV1CreateOrder', ['limit', 'order']],
  ['list my open limit orders', 'triggerV1GetTriggerOrders', ['List', 'limit']],
  ['cancel all my limit orders', 'triggerV1CancelOrders', ['Cancel', 'orders']],
  // (initiating a cancel changes the order's state: a tool of `all` only)
  ['cancel my price order', 'triggerV2CancelPriceOrder', ['Cancel a price order'], 'all'],
  ['deposit tokens to fund a price order', 'triggerV2CraftDeposit', ['depositing']],
  ['history of my price orders', 'triggerV2GetOrderHistory', ['price orders']],
  ['show the order book of a prediction market', 'predictionGetOrderbook', ['Order book']],
  ['search prediction events about an election', 'predictionSearchEvents', ['Search']],
  ['list trending crypto prediction events', 'predictionListEvents', ['List', 'events']],
  ['live score of a sports event', 'predictionGetEventScore', ['score']],
  ['is prediction trading open right now', 'predictionGetTradingStatus', ['trading']],
  ['price of yes and no in a prediction market', 'predictionGetMarket', ['prices']],
  ['how much PLATFORM_TOKEN is staked by this wallet', 'portfolioGetStakedPlatformToken', ['Staked PLATFORM_TOKEN']],
  ['borrow against my collateral', 'lendBorrowOperate', ['borrow', 'collateral']],
  ['my lend earnings', 'lendGetEarnEarnings', ['Earnings']],
  ['which borrow vaults exist and their limits', 'lendGetBorrowVaults', ['borrow vaults']],
  ['can my token get express verification', 'tokensCheckExpressEligibility', ['verification']],
  ['pay for express token verification', 'tokensCraftExpressTransaction', ['payment transaction']],
  ['send my signed transaction with a tip', 'txSubmit', ['signed transaction'], 'all'],
  ['place a stop-loss price order on my token', 'triggerV2CreatePriceOrder', ['price order'], 'all'],
  ['land my signed swap', 'swapExecute', ['signed'], 'all'],
];

describe('the dynamic search, intent by intent', () => {
  const indexes = new Map((['read', 'prepare', 'all'] as const).map((mode) => [mode, searchIndex(operationsFor(mode))]));
  it.each(INTENTS)('%s: %s in the first 3', (intent, operation, words, mode = 'prepare') => {
    const first3 = indexes
      .get(mode)!
      .search(intent)
      .slice(0, 3)
      .map((op) => op.operationId);
    expect(first3).toContain(operation);
    const description = toolsFor(mode).find((tool) => tool.definition.name === operation)!.definition.description;
    for (const word of words) expect(description.toLowerCase()).toContain(word.toLowerCase());
  });

  it('no mode offers the sign-in (x-sign-in): asked to sign in, the search finds no step of it', () => {
    for (const mode of ['read', 'prepare', 'all'] as const) {
      const found = indexes
        .get(mode)!
        .search('sign in to place price orders with a challenge')
        .map((op) => op.operationId);
      expect(
        found.filter((id) => /Challenge$/.test(id)),
        mode,
      ).toEqual([]);
    }
  });

  it('the table names at least 20 intents and every operation of read mode is reachable by the words of its title', () => {
    expect(INTENTS.length).toBeGreaterThanOrEqual(20);
    for (const mode of ['read', 'prepare', 'all'] as const) {
      for (const op of operationsFor(mode)) {
        const found = indexes
          .get(mode)!
          .search(op.summary)
          .slice(0, 3)
          .map((o) => o.operationId);
        expect(found, `${mode}: ${op.summary}`).toContain(op.operationId);
      }
    }
  });
});

describe('a scripted agent through --dynamic', () => {
  const API_KEY = 'sk-test-dynamic-0123456789';
  let simulator: RunningServer;
  const clients: Client[] = [];
  const results: unknown[] = [];
  const connect = async (tools: ToolMode) => {
    const server = createMcpServer({ baseUrl: simulator.url, apiKey: API_KEY, tools, dynamic: true, intervalMs: 0 });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'agent', version: '1.0.0' });
    await client.connect(clientSide);
    clients.push(client);
    return async (name: string, args: Record<string, unknown>) => {
      const result = (await client.callTool({ name, arguments: args })) as {
        isError?: boolean;
        content: Array<{ text: string }>;
        structuredContent?: any;
      };
      results.push(result);
      return result;
    };
  };
  beforeAll(async () => {
    simulator = await listen(createSimulator({ apiKeys: [API_KEY] }), { port: 0 });
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await simulator?.close();
  });

  it('lists three tools', async () => {
    await connect('prepare');
    const { tools } = await clients[0]!.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['search_operations', 'describe_operation', 'call_operation']);
  });

  it('quote 1 NATIVE_COIN in STABLECOIN_USD: search, describe, call', async () => {
    const call = await connect('read');
    const found = await call('search_operations', { query: 'quote 1 NATIVE_COIN in STABLECOIN_USD', limit: 3 });
    const name = found.structuredContent.operations[0].name;
    expect(name).toBe('swapGetOrder');
    const described = await call('describe_operation', { name });
    expect(described.structuredContent.inputSchema.required).toEqual(['inputMint', 'outputMint', 'amount']);
    // read mode: the swap order is a quote, its taker left out
    expect(Object.keys(described.structuredContent.inputSchema.properties)).not.toContain('taker');
    const { NATIVE_COIN, STABLECOIN_USD } = world.tokens;
    const quote = await call('call_operation', {
      name,
      arguments: { inputMint: NATIVE_COIN.mint, outputMint: STABLECOIN_USD.mint, amount: String(10 ** NATIVE_COIN.decimals) },
    });
    expect(quote.isError).toBeFalsy();
    expect(quote.structuredContent.result.outAmount).toMatch(/^[0-9]+$/);
    expect(quote.structuredContent.result.transaction).toBeNull();
    const refused = await call('call_operation', {
      name,
      arguments: { inputMint: NATIVE_COIN.mint, outputMint: STABLECOIN_USD.mint, amount: '1', taker: NATIVE_COIN.mint },
    });
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toContain('unknown argument(s) taker');
  });

  it('an operation of another tool set, a bad argument, an API error: tool errors, nothing sent for the first two', async () => {
    const call = await connect('prepare');
    const swapExecute = await call('call_operation', { name: 'swapExecute', arguments: {} });
    expect(swapExecute.isError).toBe(true);
    expect(swapExecute.content[0]!.text).toMatch(/unknown operation "swapExecute" in this tool set \(prepare\)/);
    expect((await call('describe_operation', { name: 'swapExecute' })).isError).toBe(true);
    expect(
      (await call('search_operations', { query: 'execute signed swap' })).structuredContent.operations.map((o: { name: string }) => o.name),
    ).not.toContain('swapExecute');
    const bad = await call('call_operation', {
      name: 'swapGetOrder',
      arguments: { inputMint: 'not-a-mint', outputMint: world.tokens.STABLECOIN_USD.mint, amount: '1' },
    });
    expect(bad.content[0]!.text).toMatch(/^swapGetOrder: invalid arguments: inputMint: .*pattern/);
    const missing = await call('predictionGetEvent' as string, {});
    expect(missing.content[0]!.text).toMatch(/^unknown tool predictionGetEvent: this server has search_operations/);
    const notFound = await call('call_operation', { name: 'predictionGetEvent', arguments: { eventId: 'no-such-event' } });
    expect(notFound.isError).toBe(true);
    expect(notFound.content[0]!.text).toMatch(/^HTTP 404 from GET \/prediction\/v1\/events\/\{eventId\}/);
    expect((await call('search_operations', { query: 'x', nope: 1 })).content[0]!.text).toContain('unknown argument(s) nope');
  });

  it('a prepare through call_operation answers the unsigned transaction decoded, never signed', async () => {
    const call = await connect('prepare');
    const found = await call('search_operations', { query: 'swap tokens: give me the unsigned transaction to sign', limit: 3 });
    expect(found.structuredContent.operations.map((o: { name: string }) => o.name)).toContain('swapGetOrder');
    const wallet = world.wallets.taker;
    const result = await call('call_operation', {
      name: 'swapGetOrder',
      arguments: {
        inputMint: world.tokens.NATIVE_COIN.mint,
        outputMint: world.tokens.STABLECOIN_USD.mint,
        amount: '1000000000',
        taker: wallet,
      },
    });
    expect(result.isError).toBeFalsy();
    const [prepared] = result.structuredContent.preparedTransactions;
    expect(prepared.signers).toContain(wallet);
    expect(result.content[0]!.text).toMatch(/^Unsigned transaction in transaction \(not signed/);
  });

  it('no result holds the API key', () => {
    expect(results.length).toBeGreaterThan(8);
    expect(JSON.stringify(results)).not.toContain(API_KEY);
  });
});
