// The built `x-mcp` is polite to the service it calls (here the simulator on a free 127.0.0.1
// port, which counts what reaches it): repeated identical reads inside their cache lifetime reach
// it once, and two different reads start at least --interval ms apart.
import { createSimulator } from '@x/mock';
import { listen, type RunningServer } from '@x/mock/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect, type Connected } from './connect.js';

const API_KEY = 'sk-test-mcp-polite-0123456789';
const INTERVAL_MS = 1_000;
let server: RunningServer;
let mcp: Connected;
const arrivals: Array<{ path: string; at: number }> = [];

beforeAll(async () => {
  server = await listen(createSimulator({ apiKeys: [API_KEY] }), {
    port: 0,
    onRequest: (r) => void arrivals.push({ path: r.path, at: performance.now() }),
  });
  mcp = await connect(['--base-url', server.url, '--api-key', API_KEY, '--tools', 'read', '--interval', String(INTERVAL_MS)]);
});
afterAll(async () => {
  await mcp?.close();
  await server?.close();
});

const call = async (name: string, args: Record<string, unknown> = {}) => {
  const result = (await mcp.client.callTool({ name, arguments: args })) as { isError?: boolean; structuredContent?: unknown };
  expect(result.isError, JSON.stringify(result)).toBeFalsy();
  return result.structuredContent;
};

it('answers repeated identical reads from its cache: one request reaches the service', async () => {
  const from = arrivals.length;
  const first = await call('predictionListEvents', { start: 0, end: 2 });
  for (let i = 0; i < 3; i++) expect(await call('predictionListEvents', { start: 0, end: 2 })).toEqual(first);
  // Identical calls at once share one request too.
  await Promise.all([1, 2, 3].map(() => call('lendGetBorrowVaults')));
  const paths = arrivals.slice(from).map((r) => r.path);
  expect(paths.filter((p) => p.endsWith('/prediction/v1/events'))).toHaveLength(1);
  expect(paths.filter((p) => p.endsWith('/lend/v1/borrow/vaults'))).toHaveLength(1);
});

it('starts different reads --interval ms apart', async () => {
  const from = arrivals.length;
  await call('predictionGetTradingStatus');
  await call('predictionGetEventScores');
  await call('predictionListEvents', { start: 0, end: 5 });
  const times = arrivals.slice(from).map((r) => r.at);
  expect(times).toHaveLength(3);
  // Measured where the requests arrive, so one late arrival under load shortens one gap and
  // lengthens the next, and a late first one shortens the span: paced, the span is at least
  // 2 * INTERVAL_MS less the first one's delay (a loaded machine's stall can be hundreds of ms);
  // unpaced, a few ms per call.
  expect(times[2]! - times[0]!).toBeGreaterThanOrEqual(2 * INTERVAL_MS * 0.5);
});
