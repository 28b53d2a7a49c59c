import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulator } from '../simulator/index.js';
import { listen } from '../node/index.js';
import { checkCommand, CheckUsageError, parseCheckArgs } from './cli.js';
import { isAbridgedFrom } from './test-support/abridged.js';
import { json, startScriptedServer } from './test-support/scripted-server.js';

let servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await checkCommand(
    argv,
    (t) => out.push(t),
    (t) => err.push(t),
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('x-mock check arguments', () => {
  it('parses the options', () => {
    expect(
      parseCheckArgs([
        '--base-url',
        'https://api.test/v',
        '--api-key',
        'k',
        '--bearer-token',
        'j',
        '--param',
        'user=abc',
        '--param',
        'predictionGetEvent.eventId=e1',
        '--json',
        '--timeout',
        '500',
        '--delay',
        '0',
        '--max-wait',
        '5',
        '--max-retries',
        '1',
      ]),
    ).toEqual({
      json: true,
      options: {
        baseUrl: 'https://api.test/v',
        apiKey: 'k',
        bearerToken: 'j',
        params: [
          { name: 'user', value: 'abc' },
          { operationId: 'predictionGetEvent', name: 'eventId', value: 'e1' },
        ],
        timeoutMs: 500,
        delayMs: 0,
        maxWaitMs: 5_000,
        maxRetries: 1,
      },
    });
    expect(parseCheckArgs(['-h'])).toBe('help');
  });

  it.each([
    [[]],
    [['--base-url', 'not a url']],
    [['--base-url', 'ftp://x']],
    [['--base-url', 'http://x/?a=1']],
    [['--base-url', 'http://x', '--timeout', '-1']],
    [['--base-url', 'http://x', '--param', 'noequals']],
    [['--base-url', 'http://x', 'extra']],
  ])('rejects %j', (argv) => {
    expect(() => parseCheckArgs(argv)).toThrow(CheckUsageError);
  });

  it('exits 2 with a message on bad usage or a --param no operation takes, before sending anything', async () => {
    const server = await startScriptedServer((_req, res) => json(res, 200, {}));
    servers.push(server);
    expect(await run([])).toMatchObject({ code: 2, err: expect.stringContaining('missing --base-url') });
    expect(await run(['--base-url', server.url, '--param', 'nope=1'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('no read-only operation has a parameter nope'),
    });
    expect(await run(['--base-url', server.url, '--param', 'swapGetOrder.eventId=1'])).toMatchObject({ code: 2 });
    expect(server.received).toEqual([]);
  });

  it('never repeats a --base-url value that may hold a key: only its origin and path, or nothing', async () => {
    const secret = '0f1e2d3c4b5a';
    for (const value of [
      `https://api.example.com/v1?api-key=${secret}`,
      `https://api.example.com/v1#${secret}`,
      `https://user:${secret}@api.example.com`,
      `key:${secret}`,
      `x-api-key=${secret}`,
      `ftp://${secret}.example.com`,
    ]) {
      const { code, err } = await run(['--base-url', value]);
      expect(code).toBe(2);
      expect(err).toMatch(/^x-mock check: --base-url/);
      expect(err).not.toContain(secret);
    }
    expect((await run(['--base-url', `https://api.example.com/v1?api-key=${secret}`])).err).toContain(
      'https://api.example.com/v1 without them',
    );
  });

  it('exits 1 on breaking drift and prints the JSON report with --json', async () => {
    const server = await startScriptedServer((_req, res) => json(res, 500, { error: 'down' }));
    servers.push(server);
    const { code, out } = await run(['--base-url', server.url, '--api-key', 'k', '--delay', '0', '--json']);
    expect(code).toBe(1);
    const report = JSON.parse(out) as { summary: Record<string, number>; operations: Array<{ result: string; status?: number }> };
    expect(report.summary.breaking).toBeGreaterThan(0);
    expect(report.operations.filter((o) => o.status === 500).every((o) => o.result === 'breaking')).toBe(true);
  });
});

describe('isAbridgedFrom', () => {
  const actual = ['a', 'b', 'c', 'd', 'e'];
  it.each([
    [['a', 'b', 'c', 'd', 'e'], true],
    [['a', '...', 'c', '...', 'e'], true],
    [['a', '...', 'e'], true],
    [['a', 'b', 'c', 'd'], false],
    [['a', '...', 'x', '...', 'e'], false],
    [['a', '...', 'b', 'c', 'd', 'e'], false],
    [['a', '...', 'd', '...', 'c', 'e'], false],
    [['a', '...', 'd'], false],
  ])('%j: %s', (shown, expected) => {
    expect(isAbridgedFrom(shown, actual)).toBe(expected);
  });
});

describe('the README example', () => {
  it('prints what the README shows for a run against the simulator', async () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Drift check'));
    const command = /```sh\n(?:.*\n)*?npx x-mock check (.*)\n/.exec(section)?.[1];
    const shown = /```text\n([\s\S]*?)```/.exec(section)?.[1];
    expect(command).toBeDefined();
    expect(shown).toBeDefined();
    // As `x-mock serve` starts it (seed 1, real clock), on a free port.
    const server = await listen(createSimulator({ seed: 1, now: Date.now() }), { port: 0, host: '127.0.0.1' });
    servers.push(server);
    const argv = command!.split(/\s+/).map((arg) => arg.replace('http://127.0.0.1:4010', server.url));
    const { code, out } = await run([...argv, '--delay', '0']);
    expect(code).toBe(0);
    const printed = out.replaceAll(server.url, 'http://127.0.0.1:4010').split('\n');
    expect(isAbridgedFrom(shown!.replace(/\n$/, '').split('\n'), printed), printed.join('\n')).toBe(true);
  });
});
