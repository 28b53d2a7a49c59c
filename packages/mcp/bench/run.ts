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
import { createSimulator } from '@x/mock';
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

// Typical answers: every read operation whose example values the simulator answers (a read that
// needs an id the examples do not hold answers 404: counted as the error text a model reads).
console.log('\ntypical answer per read operation (tokens of the text a model reads; 0.1.0 printed indented JSON, whole)');
const client = await connectTo({ tools: 'read' });
const rows: Array<{ name: string; before: number; now: number }> = [];
for (const op of catalogue.filter((o) => o.access === 'read')) {
  const args = Object.fromEntries(
    op.parameters.filter((p) => p.example !== undefined && p.name !== op.preparesWhen).map((p) => [p.name, p.example]),
  );
  const now = (await client.callTool({ name: op.operationId, arguments: args })) as {
    content: Array<{ text: string }>;
    structuredContent?: { result?: unknown; sized?: string };
  };
  const whole = (await client.callTool({
    name: op.operationId,
    arguments: { ...args, ...(now.structuredContent?.sized !== undefined ? { maxItems: 1000 } : {}) },
  })) as { content: Array<{ text: string }>; structuredContent?: { result?: unknown; sized?: string } };
  const before = whole.structuredContent ? JSON.stringify(whole.structuredContent.result, null, 2) : whole.content[0]!.text;
  rows.push({ name: op.operationId, before: countTokens(before), now: countTokens(now.content[0]!.text) });
}
for (const row of rows) console.log(`  ${row.name.padEnd(34)} ${n(row.before).padStart(6)} -> ${n(row.now).padStart(6)}`);
const largest = rows.reduce((a, b) => (b.now > a.now ? b : a));
const largestBefore = rows.reduce((a, b) => (b.before > a.before ? b : a));
const sum = (key: 'before' | 'now') => rows.reduce((total, row) => total + row[key], 0);
console.log(
  `  largest now: ${largest.name} ${n(largest.now)} (0.1.0: ${largestBefore.name} ${n(largestBefore.before)}); all reads ${n(sum('before'))} -> ${n(sum('now'))}`,
);
await client.close();
await simulator.close();
