// Answers sized for a context window, through the MCP SDK's client (which checks structured
// content against the output schema when there is one): a big list is cut to its default page
// with a line saying so, `maxItems` and `fields` shape it, bad values are tool errors, and a
// prepare answer is never cut.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createSimulator, world } from '@x/mock';
import { listen, type RunningServer } from '@x/mock/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_ITEMS, listFieldsOf } from '../src/answer.js';
import { createMcpServer } from '../src/index.js';
import { operationsFor } from '../src/tools.js';

let simulator: RunningServer;
let client: Client;
type Result = { isError?: boolean; content: Array<{ text: string }>; structuredContent?: any };
const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as Result;

beforeAll(async () => {
  simulator = await listen(createSimulator(), { port: 0 });
  const server = createMcpServer({ baseUrl: simulator.url, apiKey: 'local-key', tools: 'prepare', outputSchemas: true, intervalMs: 0 });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: 'answers', version: '1.0.0' });
  await client.connect(clientSide);
});
afterAll(async () => {
  await client?.close();
  await simulator?.close();
});

describe('sized answers', () => {
  it('the reads whose answers hold lists of records take maxItems and fields; the others and the prepares do not', async () => {
    const { tools } = await client.listTools();
    const sized = tools.filter((tool) => 'maxItems' in (tool.inputSchema.properties ?? {})).map((tool) => tool.name);
    expect(sized).toEqual(
      expect.arrayContaining([
        'predictionListEvents',
        'predictionGetOrderbook',
        'triggerV2GetOrderHistory',
        'predictionGetSuggestedEvents',
      ]),
    );
    expect(sized).not.toContain('predictionGetTradingStatus');
    expect(sized).not.toContain('swapGetOrder');
    expect(
      operationsFor('prepare')
        .filter((op) => op.access === 'prepare')
        .flatMap((op) => listFieldsOf(op)),
    ).toEqual([]);
  });

  it('a list longer than maxItems comes back cut, with a line saying how many there were', async () => {
    const whole = await call('predictionGetSuggestedEvents', { pubkey: world.wallets.taker });
    const total = whole.structuredContent.result.data.length;
    expect(total).toBeGreaterThan(2);
    expect(total).toBeLessThanOrEqual(DEFAULT_MAX_ITEMS);
    expect(whole.structuredContent.sized).toBeUndefined();
    const page = await call('predictionGetSuggestedEvents', { pubkey: world.wallets.taker, maxItems: 2 });
    expect(page.isError).toBeFalsy();
    expect(page.structuredContent.result.data).toEqual(whole.structuredContent.result.data.slice(0, 2));
    expect(page.structuredContent.sized).toBe(
      `data: 2 of ${total} items shown (raise maxItems for more; \`fields\` keeps only the named fields of each item).`,
    );
    expect(page.content[0]!.text.split('\n')[0]).toBe(page.structuredContent.sized);
  });

  it('fields keeps only those fields of each item (the output schema, checked by the client, still holds)', async () => {
    const page = await call('predictionGetSuggestedEvents', { pubkey: world.wallets.taker, maxItems: 3, fields: ['eventId', 'nope'] });
    expect(page.isError).toBeFalsy();
    expect(page.structuredContent.result.data).toHaveLength(3);
    for (const item of page.structuredContent.result.data) expect(Object.keys(item)).toEqual(['eventId']);
  });

  it('bad sizing values are tool errors naming the argument', async () => {
    expect((await call('predictionGetSuggestedEvents', { pubkey: world.wallets.taker, maxItems: 0 })).content[0]!.text).toContain(
      'maxItems: a whole number from 1 to 1000',
    );
    expect((await call('predictionGetSuggestedEvents', { pubkey: world.wallets.taker, fields: 'eventId' })).content[0]!.text).toContain(
      'fields: a list of field names',
    );
    expect((await call('predictionGetTradingStatus', { maxItems: 5 })).content[0]!.text).toContain('unknown argument(s) maxItems');
  });
});
