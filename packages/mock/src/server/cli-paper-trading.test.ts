// `x-mock serve --upstream/--record/--replay`: the options, and a recorded session served again
// offline from its directory of HAR files.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUpstreamSimulator, type UpstreamSimulator } from '../upstream/test-support/upstream-simulator.js';
import { parseCli, serve, UsageError } from './cli-main.js';

let upstream: UpstreamSimulator;
let dir: string;
beforeAll(async () => {
  upstream = await startUpstreamSimulator();
  upstream.sim.control.setPrice('NATIVE_COIN', 190);
  dir = mkdtempSync(join(tmpdir(), 'x-mock-record-'));
});
afterAll(async () => {
  await upstream.close();
  rmSync(dir, { recursive: true, force: true });
});

const QUOTE =
  '/swap/v2/order?inputMint=So11111111111111111111111111111111111111112&outputMint=7gQqK6wWf1gAc7f2R4oQ18Q4m6Vazr1umgktSGsnJZny&amount=100000000';

describe('x-mock serve: paper trading options', () => {
  it('parses --upstream, its key (flag or environment), --upstream-interval, --record and --replay', () => {
    expect(
      parseCli(['serve', '--upstream', 'http://127.0.0.1:9', '--upstream-api-key', 'k', '--upstream-interval', '500', '--record', 'r']),
    ).toMatchObject({
      upstream: 'http://127.0.0.1:9',
      upstreamApiKey: 'k',
      upstreamIntervalMs: 500,
      record: 'r',
      clock: 'real',
    });
    expect(parseCli(['serve', '--upstream', 'http://127.0.0.1:9'], { X_MOCK_UPSTREAM_API_KEY: 'from-env' })).toMatchObject({
      upstreamApiKey: 'from-env',
    });
    expect(parseCli(['serve', '--replay', 'r'])).toMatchObject({ replay: 'r', clock: 'manual' });
  });

  it.each([
    [['serve', '--upstream', 'ftp://x']],
    [['serve', '--record', 'r']],
    [['serve', '--upstream-api-key', 'k']],
    [['serve', '--replay', 'r', '--upstream', 'http://127.0.0.1:9']],
    [['serve', '--upstream', 'http://127.0.0.1:9', '--upstream-interval', 'fast']],
  ])('rejects %j', (argv) => {
    expect(() => parseCli(argv)).toThrow(UsageError);
  });

  it('records a live session to a directory and serves it again offline', async () => {
    const lines: string[] = [];
    const live = await serve(
      {
        ...(parseCli([
          'serve',
          '--port',
          '0',
          '--upstream',
          upstream.url,
          '--upstream-api-key',
          'upstream-key',
          '--upstream-interval',
          '0',
          '--record',
          dir,
        ]) as never),
      },
      (l) => lines.push(l),
    );
    let recorded: string;
    try {
      expect(lines.join('\n')).toMatch(/market: {2}live from http:\/\/127\.0\.0\.1:\d+ \(upstream key set, one request per 0 ms at most\)/);
      recorded = await (await fetch(`${live.url}${QUOTE}`, { headers: { 'x-api-key': 'mine' } })).text();
      const status = await (await fetch(`${live.url}/__control/upstream`)).json();
      expect(status).toMatchObject({ mode: 'upstream', calls: 1 });
    } finally {
      await live.close();
    }
    const files = readdirSync(dir);
    expect(files).toEqual(['000001-swapGetOrder.json']);
    const entry = JSON.parse(readFileSync(join(dir, files[0]!), 'utf8'));
    expect(entry.response.content.text).toBe(recorded);
    expect(JSON.stringify(entry)).not.toMatch(/upstream-key|mine/);

    const offline = await serve(parseCli(['serve', '--port', '0', '--replay', dir]) as never, () => {});
    try {
      expect(await (await fetch(`${offline.url}${QUOTE}`, { headers: { 'x-api-key': 'k' } })).text()).toBe(recorded);
      expect(await (await fetch(`${offline.url}/__control/upstream`)).json()).toMatchObject({ mode: 'replay', entries: 1, served: 1 });
    } finally {
      await offline.close();
    }
  });
});
