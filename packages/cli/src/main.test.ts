// `x` (main, in process) against a scripted service on a free 127.0.0.1 port: what it prints when
// the service echoes the key, and how `--all` ends when the service's paging drifts.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogue } from '@x/catalogue';
import { main } from './main.js';

const API_KEY = 'sk-test-cli-main-0123456789';
const BEARER = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ3YWxsZXQifQ.c2lnbmF0dXJl';
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

/** A service answering `answer(request, n)` (n counts the requests from 1); its base URL. */
async function service(answer: (request: IncomingMessage, n: number, response: ServerResponse) => void): Promise<string> {
  let n = 0;
  const server = createServer((request, response) => answer(request, ++n, response));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const json = (response: ServerResponse, body: unknown, headers: Record<string, string> = {}) =>
  response.writeHead(200, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

async function x(argv: string[], baseUrl: string) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    env: { X_BASE_URL: baseUrl, X_API_KEY: API_KEY, X_BEARER_TOKEN: BEARER },
    readStdin: async () => '',
    readFile: async () => '',
  });
  return { code, stdout, stderr };
}

describe('x never prints the API key', () => {
  it('not even when the service echoes it in the answer or a header', async () => {
    const url = await service((request, _n, response) =>
      json(
        response,
        { trading_active: true, echo: `key ${request.headers['x-api-key']}` },
        { 'x-ratelimit-remaining': String(request.headers['x-api-key']) },
      ),
    );
    for (const flags of [['--include'], ['--json', '--include']]) {
      const run = await x(['prediction-get-trading-status', ...flags], url);
      expect(run.code).toBe(0);
      expect(run.stdout + run.stderr).not.toContain(API_KEY);
      expect(run.stdout).toContain('key [redacted]');
    }
  });
});

describe('x never prints a credential the service answers', () => {
  const JWT_FROM_VERIFY = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJvdGhlciJ9.bmV3LXRva2Vu';
  const verify = [
    'trigger-v2-verify-challenge',
    '--body',
    JSON.stringify({ type: 'message', walletPubkey: 'EwV78VBLEhDmtkHxBv6hcTBjrfhbM8b3n1cCELt4imKg', signature: '1'.repeat(88) }),
  ];

  it('the token of auth verify (x-sensitive) is withheld by default, in text and --json, and stderr says how to get it', async () => {
    const url = await service((_request, _n, response) => json(response, { token: JWT_FROM_VERIFY, expiresIn: 3600 }));
    for (const flags of [[], ['--json'], ['--json', '--include']]) {
      const run = await x([...verify, ...flags], url);
      expect(run.code, flags.join(' ')).toBe(0);
      expect(run.stdout + run.stderr, flags.join(' ')).not.toContain(JWT_FROM_VERIFY);
      expect(run.stdout).toContain('[withheld: a credential; x --reveal prints it]');
      expect(run.stderr).toMatch(/^x: trigger-v2-verify-challenge: token: withheld \(a credential\).*--reveal/m);
    }
    const asJson = await x([...verify, '--json'], url);
    expect(JSON.parse(asJson.stdout)).toEqual({ token: '[withheld: a credential; x --reveal prints it]', expiresIn: 3600 });
  });

  it('--reveal prints it as it came, for a person who asks for it', async () => {
    const url = await service((_request, _n, response) => json(response, { token: JWT_FROM_VERIFY }));
    const run = await x([...verify, '--json', '--reveal'], url);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ token: JWT_FROM_VERIFY });
    expect(run.stderr).toBe('');
  });
});

describe('x --all with --json and --include', () => {
  /** Two pages of one event each (start-end), each with its own rate-limit headers. */
  const twoPages = () =>
    service((request, n, response) => {
      const start = Number(new URL(request.url!, 'http://x').searchParams.get('start') ?? 0);
      json(
        response,
        { data: [{ eventId: `e${start}` }], pagination: { start, end: start + 1, total: 2, hasNext: start === 0 } },
        { 'x-ratelimit-remaining': String(100 - n) },
      );
    });

  it("--json: one JSON line per page; --include puts each page's status and rate-limit headers on stderr", async () => {
    const url = await twoPages();
    const run = await x(['prediction-list-events', '--all', '--interval', '0', '--json', '--include'], url);
    expect(run.code).toBe(0);
    expect(
      run.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).data[0].eventId),
    ).toEqual(['e0', 'e1']);
    expect(run.stderr).toBe('HTTP 200\nx-ratelimit-remaining: 99\nHTTP 200\nx-ratelimit-remaining: 98\n');
  });

  it('without --json: name/value lines as for one call, each named from its page ([0], [1], ...); --include before each page', async () => {
    const url = await twoPages();
    const run = await x(['prediction-list-events', '--all', '--interval', '0'], url);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')).toEqual([
      '[0].data[0].eventId\te0',
      '[0].pagination.start\t0',
      '[0].pagination.end\t1',
      '[0].pagination.total\t2',
      '[0].pagination.hasNext\ttrue',
      '[1].data[0].eventId\te1',
      '[1].pagination.start\t1',
      '[1].pagination.end\t2',
      '[1].pagination.total\t2',
      '[1].pagination.hasNext\tfalse',
      '',
    ]);
    const included = await x(['prediction-list-events', '--all', '--interval', '0', '--include'], url);
    expect(included.stdout).toMatch(/^HTTP 200\nx-ratelimit-remaining: \d+\n\n\[0\]\.data\[0\]\.eventId\te0\n/);
    expect(included.stdout).toMatch(/\ttrue\nHTTP 200\nx-ratelimit-remaining: \d+\n\n\[1\]\.data\[0\]\.eventId\te1\n/);
    expect(included.stderr).toBe('');
  });
});

describe('x --all when the paging drifts', () => {
  it('stops, exit 1, when a page is the page before again (the service ignores the paging), instead of asking forever', async () => {
    let requests = 0;
    const url = await service((_request, _n, response) => {
      requests++;
      json(response, { data: [{ eventId: 'e0' }], pagination: { start: 0, end: 1, total: 1, hasNext: true } });
    });
    const run = await x(['prediction-list-events', '--all', '--interval', '0', '--json'], url);
    expect(run.code).toBe(1);
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toBe(
      'x: prediction-list-events: PaginationError: predictionListEvents: the page at start 1 does not page as the spec says\n',
    );
    expect(requests).toBe(2);
  });

  it('stops with a clear error when a page has no list of items where the spec puts it', async () => {
    const url = await service((_request, _n, response) => json(response, { events: [], pagination: { start: 0, hasNext: true } }));
    const run = await x(['prediction-list-events', '--all', '--interval', '0', '--json'], url);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'x: prediction-list-events: PaginationError: predictionListEvents: the page at start 0 does not page as the spec says\n',
    );
  });
});

describe('x --include on an error status', () => {
  it('shows the rate-limit headers of the error answer too (a 429 is when they matter), on stderr after the first line', async () => {
    const url = await service((_request, _n, response) =>
      response
        .writeHead(429, { 'content-type': 'application/json', 'x-ratelimit-remaining': '-3', 'x-ratelimit-reset': '1795600000' })
        .end('{"code":429,"message":"Too many requests"}'),
    );
    const run = await x(['prediction-get-trading-status', '--include', '--retries', '0'], url);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    const lines = run.stderr.split('\n');
    expect(lines[0]).toMatch(/^x: prediction-get-trading-status: HTTP 429 .*the API gateway: code 429, Too many requests$/);
    expect(lines.slice(1, 3)).toEqual(['x-ratelimit-remaining: -3', 'x-ratelimit-reset: 1795600000']);
    const without = await x(['prediction-get-trading-status', '--retries', '0'], url);
    expect(without.stderr).not.toContain('x-ratelimit-reset');
  });
});

describe('x, a change whose outcome was not read', () => {
  it('says it may have been applied (no answer in time, a 5xx), so the user checks before running it again', async () => {
    const hanging = await service(() => {});
    const late = await x(['tx-submit', '--body', '{"signedTransaction":"AQAB"}', '--timeout', '200', '--retries', '0'], hanging);
    expect(late.code).toBe(1);
    expect(late.stderr).toMatch(/^x: tx-submit: TimeoutError: .*\n.*may still have been applied: check .* before calling again/);
    const failed = await service((_request, _n, response) =>
      response.writeHead(502, { 'content-type': 'application/json' }).end('{"message":"Bad gateway"}'),
    );
    const bad = await x(['tx-submit', '--body', '{"signedTransaction":"AQAB"}', '--retries', '0'], failed);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/may still have been applied/);
    const read = await x(['prediction-get-trading-status', '--timeout', '200', '--retries', '0'], hanging);
    expect(read.stderr).not.toMatch(/may still have been applied/);
  });
});

describe('x with a bearer token the service refuses', () => {
  it('exit 1 with what to do, after one request (the same token is not sent again)', async () => {
    let requests = 0;
    const url = await service((_request, _n, response) => {
      requests++;
      response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"Unauthorized"}');
    });
    const run = await x(['trigger-v2-get-vault'], url);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^x: trigger-v2-get-vault: the trigger v2 bearer token was refused \(401\).*--bearer-token/);
    expect(requests).toBe(1);
  });
});

describe('a word that is neither a command nor a flag', () => {
  // (a key given without its flag, or the shell's expansion of a variable, lands there: it is not in
  // the secrets x knows of, so the message itself must not repeat it)
  const stray = 'Zq8Lk2vT9fXw4Rb7Hm3Nc6Yp';

  it('is not repeated in the usage error', async () => {
    for (const argv of [['prediction-get-trading-status', stray], [stray], ['--json', stray, 'prediction-get-trading-status']]) {
      const run = await x(argv, 'http://127.0.0.1:9');
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.stderr, argv.join(' ')).toMatch(/^x: /);
      expect(run.stderr, argv.join(' ')).not.toContain(stray);
    }
  });

  it('a near miss of a command is repeated, with the command meant', async () => {
    for (const typo of ['prediction-get-trading-statu', 'predictionGetTradingStatsu']) {
      const run = await x([typo], 'http://127.0.0.1:9');
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(`x: unknown command "${typo}": did you mean prediction-get-trading-status? (x --help lists them)\n`);
    }
  });
});

describe('x trigger-v2-register-vault when the wallet has a vault already', () => {
  const vault = { userPubkey: 'EwV78VBLEhDmtkHxBv6hcTBjrfhbM8b3n1cCELt4imKg', vaultPubkey: '8cvtXmBWUdxLES4cQ9vBerCBp5AHd89J8XEU4XYxE865' };
  const conflict = (response: ServerResponse, body: unknown) =>
    response.writeHead(409, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  it('a 409 (a retry after a lost answer, or registered before) prints the vault it holds and says it exists: exit 0', async () => {
    const paths: string[] = [];
    const url = await service((request, _n, response) => {
      paths.push(request.url!);
      conflict(response, { error: 'Vault already registered', details: vault });
    });
    for (const flags of [[], ['--json']]) {
      const run = await x(['trigger-v2-register-vault', ...flags], url);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(vault.vaultPubkey);
      expect(run.stderr).toMatch(
        /trigger-v2-register-vault: it exists already \(HTTP 409: Vault already registered\): nothing new was made/,
      );
    }
    expect(JSON.parse((await x(['trigger-v2-register-vault', '--json'], url)).stdout)).toEqual(vault);
    expect(paths.every((path) => path === '/trigger/v2/vault/register')).toBe(true);
  });

  it('a 409 without the record reads the vault (GET /trigger/v2/vault) and prints it', async () => {
    const paths: string[] = [];
    const url = await service((request, _n, response) => {
      paths.push(request.url!);
      if (request.url === '/trigger/v2/vault/register') conflict(response, { error: 'Vault already registered' });
      else json(response, vault);
    });
    const run = await x(['trigger-v2-register-vault', '--json'], url);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(vault);
    expect(paths).toEqual(['/trigger/v2/vault/register', '/trigger/v2/vault']);
    expect(run.stderr).toMatch(/it exists already .*read with triggerV2GetVault/);
  });

  it('another operation answering 409 (express execute: not eligible) is still an error, exit 1', async () => {
    const url = await service((_request, _n, response) =>
      conflict(response, { status: 409, message: 'Token is not eligible for express verification', error: 'Conflict' }),
    );
    const express = catalogue.find((op) => op.operationId === 'tokensExecuteExpress')!.body!.example;
    const run = await x(['tokens-execute-express', '--body', JSON.stringify(express)], url);
    expect(run.stderr).toContain('HTTP 409');
    expect(run.code).toBe(1);
  });
});
