// `x-mcp --http 0`: Streamable HTTP on 127.0.0.1, through the MCP SDK's own HTTP client; a request
// naming another Host (DNS rebinding) or sent from a page of another Origin is refused.
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createSimulator } from '@x/mock';
import { listen, type RunningServer } from '@x/mock/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bin } from './connect.js';

const API_KEY = 'sk-test-mcp-http-0123456789';
let simulator: RunningServer;
let child: ChildProcess;
let url: string;
let stderr = '';

beforeAll(async () => {
  simulator = await listen(createSimulator({ apiKeys: [API_KEY] }), { port: 0 });
  child = spawn(process.execPath, [bin, '--http', '0', '--tools', 'read'], {
    env: { PATH: process.env.PATH ?? '', X_BASE_URL: simulator.url, X_API_KEY: API_KEY },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  url = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (d: Buffer) => {
      stderr += d;
      const m = /Streamable HTTP on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
      if (m) resolve(m[1]!);
    });
    child.once('exit', () => reject(new Error(`x-mcp exited: ${stderr}`)));
  });
});
afterAll(async () => {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  await simulator.close();
});

it('serves the tools of its mode over Streamable HTTP on 127.0.0.1 and answers a call', async () => {
  const client = new Client({ name: 'x-mcp-http-test', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const { tools } = await client.listTools();
  expect(tools.some((t) => t.name === 'predictionGetTradingStatus')).toBe(true);
  expect(tools.some((t) => t.name === 'swapExecute')).toBe(false);
  const result = await client.callTool({ name: 'predictionGetTradingStatus', arguments: {} });
  expect(result.structuredContent).toMatchObject({ status: 200, result: { trading_active: expect.any(Boolean) } });
  await client.close();
  expect(stderr).not.toContain(API_KEY);
});

/** The status of a tools/list POSTed with these headers (node:http: fetch may not set Host). */
const statusOf = (headers: Record<string, string>) =>
  new Promise<number>((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.once('error', reject);
    req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
  });

it('refuses a request that names another host', async () => {
  expect(await statusOf({ host: 'attacker.example' })).toBe(403);
});

it('refuses a request from a page of another origin (the MCP transport asks servers to check Origin); its own origin is served', async () => {
  const own = new URL(url);
  expect(await statusOf({ origin: 'http://attacker.example' })).toBe(403);
  expect(await statusOf({ origin: 'null' })).toBe(403);
  expect(await statusOf({ origin: own.origin })).toBe(200);
  expect(await statusOf({ origin: `http://localhost:${own.port}` })).toBe(200);
});
