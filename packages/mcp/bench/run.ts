/**
 * Benchmark: what `x-mcp` costs a model, in tokens (gpt-tokenizer, o200k_base, offline).
 *
 * - the list as a model sees it: each tool's name, description and input schema (the JSON of that
 *   array), per mode, one tool per operation and `--dynamic`;
 * - the whole `tools/list` answer (titles, annotations; with `--output-schemas` too);
 * - a typical answer of each read operation: the text a model reads (the tool result's text)
 *   against the simulator of @x/mock, called with the spec's example values; the largest named.
 *
 * Printed beside the figures of 0.1.0 (measured the same way before this change), with met/MISSED
 * against the targets: <= 4,000 for the default (prepare) list, <= 1,000 for the dynamic list.
 *
 * Run: `pnpm run bench` (needs `pnpm run build` first: it measures the built package).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { catalogue } from '@x/catalogue';
import { createSimulator, world } from '@x/mock';
import { listen } from '@x/mock/node';
import { countTokens } from 'gpt-tokenizer';
import { createMcpServer, type McpServerOptions } from '../dist/index.js';

/** 0.1.0, measured with this bench's counting: the list as a model sees it, and the whole tools/list. */
const BEFORE = { read: { seen: 6321, list: 31609 }, prepare: { seen: 13109, list: 45967 }, all: { seen: 20237, list: 57138 } };
const TARGET = { static: 4000, dynamic: 1000 };

const simulator = await listen(createSimulator(), { port: 0 });
const connectTo = async (options: Omit<McpServerOptions, 'baseUrl'>) => {
  const server = createMcpServer({ baseUrl: simulator.url, apiKey: 'bench-key', intervalMs: 0, ...options });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
};
const seen = (tools: Array<{ name: string; description?: string; inputSchema: unknown }>) =>
  countTokens(JSON.stringify(tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema }))));
const mark = (value: number, target: number) => (value <= target ? 'met' : 'MISSED');
const n = (value: number) => value.toLocaleString('en-US');

console.log('x-mcp: tokens a model is shown before the user says anything (name + description + input schema)');
console.log('mode      tools  0.1.0    now  whole tools/list (0.1.0 -> now, with --output-schemas)');
for (const mode of ['read', 'prepare', 'all'] as const) {
  const lean = await connectTo({ tools: mode });
  const { tools } = await lean.listTools();
  const withOutput = await connectTo({ tools: mode, outputSchemas: true });
  const full = await withOutput.listTools();
  const now = seen(tools);
  const target = mode === 'prepare' ? `  target <= ${n(TARGET.static)}: ${mark(now, TARGET.static)}` : '';
  console.log(
    `${mode.padEnd(9)} ${String(tools.length).padStart(5)} ${n(BEFORE[mode].seen).padStart(6)} ${n(now).padStart(6)}  ${n(BEFORE[mode].list)} -> ${n(countTokens(JSON.stringify({ tools })))} (${n(countTokens(JSON.stringify({ tools: full.tools })))})${target}`,
  );
  const dynamic = await connectTo({ tools: mode, dynamic: true });
  const dyn = await dynamic.listTools();
  const dynSeen = seen(dyn.tools);
  console.log(
    `${`${mode} --dynamic`.padEnd(20)} ${String(dyn.tools.length).padStart(2)} tools ${n(dynSeen).padStart(5)}  whole ${n(countTokens(JSON.stringify({ tools: dyn.tools })))}  target <= ${n(TARGET.dynamic)}: ${mark(dynSeen, TARGET.dynamic)}`,
  );
  for (const client of [lean, withOutput, dynamic]) await client.close();
}

// Typical answers: every read operation, called with the spec's example values of its required parameters where the
// simulator's world has no better one, and with ids taken from earlier answers (an event of the
// list, a market of that event), as an agent would. The trigger v2 reads need a bearer token:
// their answer is the tool error saying so.
console.log('\ntypical answer per read operation (tokens of the text a model reads; 0.1.0 printed indented JSON, whole)');
const client = await connectTo({ tools: 'read' });
type Answer = { content: Array<{ text: string }>; structuredContent?: { result?: unknown; sized?: string } };
const callRead = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as Answer;
const events = (await callRead('predictionListEvents', { includeMarkets: true, maxItems: 1000 })).structuredContent?.result as
  | { data?: Array<{ eventId: string; markets?: Array<{ marketId: string }> }> }
  | undefined;
const event = events?.data?.find((e) => (e.markets ?? []).length > 0);
// a score exists only for a sports event that has begun: one the scores list names
const scored = (await callRead('predictionGetEventScores', {})).structuredContent?.result as
  | { data?: Array<{ eventId: string }> }
  | undefined;
const { taker } = world.wallets;
const known: Record<string, Record<string, unknown>> = {
  swapGetOrder: { inputMint: world.tokens.NATIVE_COIN.mint, outputMint: world.tokens.STABLECOIN_USD.mint, amount: '1000000000' },
  tokensCheckExpressEligibility: { tokenId: world.tokens.PLATFORM_TOKEN.mint },
  portfolioGetStakedPlatformToken: { address: taker },
  triggerV1GetTriggerOrders: { user: taker, orderStatus: 'active' },
  predictionGetEvent: { eventId: event?.eventId },
  predictionGetSuggestedEvents: { pubkey: taker },
  predictionGetEventScore: { eventId: scored?.data?.[0]?.eventId },
  predictionGetEventMarket: { eventId: event?.eventId, marketId: event?.markets?.[0]?.marketId },
  predictionGetMarket: { marketId: event?.markets?.[0]?.marketId },
  predictionGetOrderbook: { marketId: event?.markets?.[0]?.marketId },
  lendGetEarnEarnings: { user: taker },
  lendGetBorrowPositions: { users: taker },
};
const rows: Array<{ name: string; before: number; now: number; error: boolean }> = [];
for (const op of catalogue.filter((o) => o.access === 'read')) {
  const examples = Object.fromEntries(op.parameters.filter((p) => p.required && p.example !== undefined).map((p) => [p.name, p.example]));
  const args = { ...examples, ...known[op.operationId] };
  const now = await callRead(op.operationId, args);
  const whole = await callRead(op.operationId, { ...args, ...(now.structuredContent?.sized !== undefined ? { maxItems: 1000 } : {}) });
  const before = whole.structuredContent ? JSON.stringify(whole.structuredContent.result, null, 2) : whole.content[0]!.text;
  rows.push({ name: op.operationId, before: countTokens(before), now: countTokens(now.content[0]!.text), error: !now.structuredContent });
}
for (const row of rows)
  console.log(`  ${row.name.padEnd(34)} ${n(row.before).padStart(6)} -> ${n(row.now).padStart(6)}${row.error ? '  (a tool error)' : ''}`);
const largest = rows.reduce((a, b) => (b.now > a.now ? b : a));
const largestBefore = rows.reduce((a, b) => (b.before > a.before ? b : a));
const sum = (key: 'before' | 'now') => rows.reduce((total, row) => total + row[key], 0);
console.log(
  `  largest now: ${largest.name} ${n(largest.now)} (0.1.0: ${largestBefore.name} ${n(largestBefore.before)}); all reads ${n(sum('before'))} -> ${n(sum('now'))}`,
);
await client.close();
await simulator.close();
