// `x-mock serve --upstream/--record/--replay`: the options, and a recorded session served again
// offline from its directory of HAR files.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAbridgedFrom } from '../check/test-support/abridged.js';
import { specOperations } from '../simulator/test-support/harness.js';
import { startUpstreamSimulator, type UpstreamSimulator } from '../upstream/test-support/upstream-simulator.js';
import { parseCli, serve, UsageError, type ServeOptions } from './cli-main.js';

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

/** `x-mock serve` options from an argument list (never `--help` here). */
function serveOptions(argv: string[]): ServeOptions {
  const options = parseCli(argv);
  if (options === 'help') throw new Error('unexpected --help');
  return options;
}

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
      serveOptions([
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
      ]),
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

    const offline = await serve(serveOptions(['serve', '--port', '0', '--replay', dir]), () => {});
    try {
      expect(await (await fetch(`${offline.url}${QUOTE}`, { headers: { 'x-api-key': 'k' } })).text()).toBe(recorded);
      expect(await (await fetch(`${offline.url}/__control/upstream`)).json()).toMatchObject({ mode: 'replay', entries: 1, served: 1 });
    } finally {
      await offline.close();
    }
  });
});

describe('the README session (section "4. Paper trading")', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('## 4. Paper trading'), readme.indexOf('## The example world'));
  const blocks = [...section.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1]!, body: m[2]! }));
  const commands = blocks.filter((b) => b.lang === 'sh').flatMap((b) => b.body.split('\n').filter((l) => l.startsWith('npx x-mock serve')));
  const shown = blocks.filter((b) => b.lang === 'text').map((b) => b.body.replace(/\n$/, '').split('\n'));
  /** Every `"name":value` pair of a shown (abridged) JSON line. */
  const pairs = (line: string): string[] =>
    [...line.matchAll(/"[A-Za-z]+":(?:"[^"]*"|[\d.]+|\{[^{}]*\}|\[\]|true|false)/g)].map((m) => m[0]);

  it('prints what the README shows, serves the upstream quote, records it and replays it', async () => {
    const own = await startUpstreamSimulator();
    const session = mkdtempSync(join(tmpdir(), 'x-mock-readme-'));
    try {
      // The README's first command plays the live service; its set-price call, in process.
      own.sim.control.setPrice('NATIVE_COIN', 142.37);
      const args = (command: string): string[] =>
        command
          .replace(/#.*$/, '')
          .trim()
          .split(/\s+/)
          .slice(2)
          .map((a) =>
            a
              .replace('http://127.0.0.1:4011', own.url)
              .replace('./session', session)
              .replace(/^4010$/, '0'),
          );
      const [, liveCommand, replayCommand] = commands;
      const lines: string[] = [];
      const live = await serve(serveOptions(args(liveCommand!)), (l) => lines.push(l));
      const local = (text: string, url: string) =>
        text.replaceAll(url, 'http://127.0.0.1:4010').replaceAll(own.url, 'http://127.0.0.1:4011').replaceAll(session, './session');
      try {
        expect(
          isAbridgedFrom(
            shown[0]!,
            lines.map((l) => local(l, live.url)),
          ),
          lines.join('\n'),
        ).toBe(true);
        const quote = await (
          await fetch(`${live.url}${QUOTE.replace('100000000', '1000000000')}`, { headers: { 'x-api-key': 'my-key' } })
        ).text();
        const status = JSON.stringify(await (await fetch(`${live.url}/__control/upstream`)).json());
        for (const pair of pairs(shown[1]![0]!)) expect(quote).toContain(pair);
        for (const pair of pairs(shown[1]![1]!)) expect(local(status, live.url)).toContain(pair);
      } finally {
        await live.close();
      }
      expect(readdirSync(session)).toEqual(['000001-swapGetOrder.json']);
      const replayLines: string[] = [];
      const offline = await serve(serveOptions(args(replayCommand!)), (l) => replayLines.push(l));
      try {
        expect(
          isAbridgedFrom(
            shown[2]!,
            replayLines.map((l) => local(l, offline.url)),
          ),
          replayLines.join('\n'),
        ).toBe(true);
        const again = await (
          await fetch(`${offline.url}${QUOTE.replace('100000000', '1000000000')}`, { headers: { 'x-api-key': 'k' } })
        ).text();
        expect(again).toContain('"outAmount":"142227630"');
      } finally {
        await offline.close();
      }
    } finally {
      await own.close();
      rmSync(session, { recursive: true, force: true });
    }
  });

  it('lists as live exactly the operations the spec marks x-market-data', () => {
    const table = section.slice(section.indexOf('| area | live'));
    const rows = table.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| area') && !l.startsWith('|---'));
    const live = rows.flatMap((row) => {
      const cell = row.split(' | ')[1] ?? '';
      let prefix = '';
      return [...cell.matchAll(/`GET ([^`]+)`|`(\/[^`]+)`/g)].map((m) => {
        const path = m[1] ?? `${prefix}${m[2]}`;
        if (m[1]) prefix = path.split('/').slice(0, 3).join('/');
        return path;
      });
    });
    const marked = specOperations.filter((o) => o.operation['x-market-data'] !== undefined).map((o) => o.path);
    expect(new Set(live)).toEqual(new Set(marked));
  });
});
