// The server in a program, against a scripted service (the `fetch` option): what reaches the model
// when the service answers something it should not show (a credential, an echo of the key).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { DEFAULT_TIMEOUT_MS } from '@x/fetch-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMcpServer, type McpServerOptions } from './server.js';

const API_KEY = 'sk-test-server-0123456789';
const BEARER = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ3YWxsZXQifQ.c2lnbmF0dXJl';
const JWT_FROM_VERIFY = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJvdGhlciJ9.bmV3LXRva2Vu';

type Result = { isError?: boolean; content: Array<{ type: string; text: string }>; structuredContent?: any };
const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
});

/** A server whose service answers `answer(request)`; the client that talks to it. */
async function serverAnswering(answer: (request: Request) => Response | Promise<Response>, options: Partial<McpServerOptions> = {}) {
  let sent = 0;
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    sent++;
    return answer(new Request(input, init));
  }) as typeof globalThis.fetch;
  const server = createMcpServer({ baseUrl: 'http://127.0.0.1:9', apiKey: API_KEY, intervalMs: 0, fetch, ...options });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'server-test', version: '1.0.0' });
  await client.connect(clientSide);
  clients.push(client);
  // as a client does before calling: the SDK's client then checks structured content against each output schema
  await client.listTools();
  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as Result;
  /** How many requests reached the service. */
  return Object.assign(call, { sent: () => sent });
}

describe('what a tool result never shows', () => {
  it('the sign-in is no tool (x-sign-in): its challenge cannot be signed here, and its token would never reach the model; nothing is sent', async () => {
    const call = await serverAnswering(() => Response.json({ token: JWT_FROM_VERIFY }), { tools: 'all' });
    const body = { type: 'message', walletPubkey: 'EwV78VBLEhDmtkHxBv6hcTBjrfhbM8b3n1cCELt4imKg', signature: '1'.repeat(88) };
    for (const name of ['triggerV2CreateChallenge', 'triggerV2VerifyChallenge']) {
      const result = await call(name, { body });
      expect(result.isError, name).toBe(true);
      expect(result.content[0]!.text).toBe(`unknown tool ${name}`);
    }
    expect(call.sent()).toBe(0);
  });

  it('the API key or the bearer token echoed by the service: out of the structured content as out of the text', async () => {
    const call = await serverAnswering(
      (request) => Response.json({ trading_active: true, echo: `key ${request.headers.get('x-api-key')}`, nested: [{ note: BEARER }] }),
      { bearerToken: BEARER },
    );
    const result = await call('predictionGetTradingStatus', {});
    expect(result.isError).toBeFalsy();
    expect(JSON.stringify(result)).not.toContain(API_KEY);
    expect(JSON.stringify(result)).not.toContain(BEARER);
    expect(result.structuredContent.result).toEqual({ trading_active: true, echo: 'key [redacted]', nested: [{ note: '[redacted]' }] });
  });
});

describe('what a log line never shows', () => {
  it('at X_LOG=debug, the key or the token a service echoes in its answer (stderr gets the line, redacted)', async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      lines.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
    });
    try {
      const call = await serverAnswering(
        (request) => Response.json({ trading_active: true, echo: `${request.headers.get('x-api-key')} ${BEARER}` }),
        { bearerToken: BEARER, logLevel: 'debug' },
      );
      expect((await call('predictionGetTradingStatus', {})).isError).toBeFalsy();
    } finally {
      spy.mockRestore();
    }
    expect(lines.some((line) => line.includes('headers and bodies'))).toBe(true);
    expect(lines.join('\n')).toContain('[redacted]');
    expect(lines.join('\n')).not.toContain(API_KEY);
    expect(lines.join('\n')).not.toContain(BEARER);
  });
});

describe('a service that asks to wait', () => {
  it('a call that cannot get its turn within its time limit is a clear tool error at once, and nothing is sent', async () => {
    const call = await serverAnswering(
      () => Response.json({ code: 429, message: 'Too many requests' }, { status: 429, headers: { 'retry-after': '120' } }),
      { timeoutMs: 300, maxRetries: 0 },
    );
    const limited = await call('predictionGetTradingStatus', {});
    expect(limited.content[0]!.text).toMatch(/^HTTP 429 from GET \/prediction\/v1\/trading-status, the API gateway/);
    const next = await call('lendGetBorrowVaults', {});
    expect(next.isError).toBe(true);
    expect(next.content[0]!.text).toMatch(/^lendGetBorrowVaults: not sent: the service asked to wait 1\d\d s more \(Retry-After/);
    expect(call.sent()).toBe(1);
  });

  it('so is a call whose turn, behind the calls paced before it, would come past its time limit', async () => {
    const call = await serverAnswering(() => Response.json({ trading_active: true }), { timeoutMs: 300, intervalMs: 60_000 });
    expect((await call('predictionGetTradingStatus', {})).isError).toBeFalsy();
    const next = await call('lendGetBorrowVaults', {});
    expect(next.content[0]!.text).toMatch(/^lendGetBorrowVaults: not sent: calls to the service are paced one per 60000 ms/);
    expect(call.sent()).toBe(1);
  });
});

describe("without --timeout, the client's own default time limit", () => {
  it('is the limit a late turn is measured against (one value, from @x/fetch-client)', async () => {
    const call = await serverAnswering(() => Response.json({ trading_active: true }), { callTimeoutMs: 0, intervalMs: 120_000 });
    expect((await call('predictionGetTradingStatus', {})).isError).toBeFalsy();
    const next = await call('lendGetBorrowVaults', {});
    expect(next.content[0]!.text).toMatch(new RegExp(`past its time limit of ${DEFAULT_TIMEOUT_MS} ms`));
    expect(DEFAULT_TIMEOUT_MS).toBeGreaterThan(0);
    expect(call.sent()).toBe(1);
  });
});

describe('a 429 whose wait would not fit in the call', () => {
  it('is answered at once as the 429 it is, not waited out into "no answer"', async () => {
    const call = await serverAnswering(
      () => Response.json({ code: 429, message: 'Too many requests' }, { status: 429, headers: { 'retry-after': '2' } }),
      { callTimeoutMs: 3_000 },
    );
    const result = await call('predictionGetTradingStatus', {});
    expect(result.content[0]!.text).toMatch(/^HTTP 429 from GET \/prediction\/v1\/trading-status, the API gateway: code 429/);
    expect(call.sent()).toBe(1);
  });
});

describe('a tool that needs a bearer token, without one', () => {
  it('is a tool error saying how the user signs in (outside this server) and gives x-mcp the token; nothing is sent', async () => {
    const call = await serverAnswering(() => Response.json({ vault: null }), { tools: 'all' });
    const result = await call('triggerV2GetVault', {});
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toMatch(
      /^triggerV2GetVault needs a trigger v2 bearer token, which this server cannot get: the user signs in with their wallet outside this server \(with @x\/cli: x trigger-v2-create-challenge, sign, x trigger-v2-verify-challenge --reveal\) and starts x-mcp with --bearer-token or X_BEARER_TOKEN\.$/,
    );
    expect(call.sent()).toBe(0);
  });
});

describe('a bearer token the service refuses', () => {
  it('is a tool error saying what to do, after one request (the same token is not sent again)', async () => {
    const call = await serverAnswering(() => Response.json({ error: 'Unauthorized' }, { status: 401 }), { bearerToken: BEARER });
    const result = await call('triggerV2GetVault', {});
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toMatch(/^triggerV2GetVault: the trigger v2 bearer token was refused \(401\).*--bearer-token/);
    expect(call.sent()).toBe(1);
  });
});

describe('a service that does not answer', () => {
  it('a call ends within its whole budget (attempts, retries and waits together) as a tool error saying so', async () => {
    const call = await serverAnswering(
      (request) =>
        new Promise<Response>((_resolve, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason))),
      { callTimeoutMs: 300 },
    );
    const result = await call('predictionGetTradingStatus', {});
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toBe(
      'predictionGetTradingStatus: no answer within 300 ms (the service is slow or down; x-mcp --call-timeout sets this budget). Nothing more was sent.',
    );
    expect(call.sent()).toBe(1);
  });
});

describe('a call budget past what a timer holds (2^31 - 1 ms, about 24.8 days)', () => {
  it('is a budget that long, not one that ends at once or throws', async () => {
    for (const callTimeoutMs of [3_000_000_000, 1e20]) {
      // (an answer that takes a moment: a budget cut to 1 ms would end first)
      const later = () => new Promise<Response>((resolve) => setTimeout(() => resolve(Response.json({ trading_active: true })), 20));
      const call = await serverAnswering(later, { callTimeoutMs });
      const result = await call('predictionGetTradingStatus', {});
      expect(result.isError, String(callTimeoutMs)).toBeFalsy();
      expect(result.structuredContent).toEqual({ status: 200, result: { trading_active: true } });
    }
  });
});

describe('a change whose outcome was not read', () => {
  const submit = { body: { signedTransaction: 'AQAB' } };
  const never = (request: Request) =>
    new Promise<Response>((_resolve, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));

  it('says it may have been applied (no answer in time, an unreadable answer, a 5xx), so the agent checks before calling again', async () => {
    const cases: Array<[string, (request: Request) => Response | Promise<Response>]> = [
      ['TimeoutError', never],
      ['ResponseParseError', () => new Response('<html>ok</html>', { status: 200, headers: { 'content-type': 'application/json' } })],
      ['HTTP 502', () => Response.json({ message: 'Bad gateway' }, { status: 502 })],
    ];
    for (const [kind, answer] of cases) {
      const call = await serverAnswering(answer, { tools: 'all', timeoutMs: 200, maxRetries: 0 });
      const result = await call('txSubmit', submit);
      expect(result.isError, kind).toBe(true);
      expect(result.content[0]!.text, kind).toContain(kind);
      expect(result.content[0]!.text, kind).toMatch(/may still have been applied: check .* before calling again/);
      expect(call.sent(), kind).toBe(1);
    }
  });

  it('a read or an answered refusal says nothing of the kind', async () => {
    const read = await serverAnswering(never, { tools: 'all', timeoutMs: 200, maxRetries: 0 });
    expect((await read('predictionGetTradingStatus', {})).content[0]!.text).not.toMatch(/may still have been applied/);
    const refused = await serverAnswering(() => Response.json({ error: 'bad transaction', code: 'invalid' }, { status: 400 }), {
      tools: 'all',
    });
    expect((await refused('txSubmit', submit)).content[0]!.text).not.toMatch(/may still have been applied/);
  });
});

describe('an answer that does not match the spec (drift)', () => {
  it('with output schemas: a tool error naming the mismatch, with the answer, never a result the client must refuse', async () => {
    const call = await serverAnswering(() => Response.json({ trading_active: 'yes' }), { outputSchemas: true });
    const result = await call('predictionGetTradingStatus', {});
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(result.content[0]!.text).toMatch(/^predictionGetTradingStatus: the answer does not match the spec .*trading_active/);
    expect(result.content[0]!.text).toContain('{"trading_active":"yes"}');
  });

  it('without them, the answer as it came', async () => {
    const call = await serverAnswering(() => Response.json({ trading_active: 'yes' }));
    const result = await call('predictionGetTradingStatus', {});
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ status: 200, result: { trading_active: 'yes' } });
  });
});

describe('vault register when the wallet has a vault already (x-already-exists)', () => {
  const vault = { userPubkey: 'EwV78VBLEhDmtkHxBv6hcTBjrfhbM8b3n1cCELt4imKg', vaultPubkey: '8cvtXmBWUdxLES4cQ9vBerCBp5AHd89J8XEU4XYxE865' };

  it('the 409 a repeat gets is the existing vault, not a tool error (a retry after a lost answer ends as the first call)', async () => {
    const call = await serverAnswering(() => Response.json({ error: 'Vault already registered', details: vault }, { status: 409 }), {
      tools: 'all',
      bearerToken: BEARER,
      outputSchemas: true,
    });
    const result = await call('triggerV2RegisterVault', {});
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ status: 409, result: vault });
    expect(result.content[0]!.text).toMatch(/^it exists already \(HTTP 409: Vault already registered\): nothing new was made/);
  });

  it('without the record in the answer, it is read (triggerV2GetVault)', async () => {
    const paths: string[] = [];
    const call = await serverAnswering(
      (request) => {
        paths.push(new URL(request.url).pathname);
        return paths.length === 1 ? Response.json({ error: 'Vault already registered' }, { status: 409 }) : Response.json(vault);
      },
      { tools: 'all', bearerToken: BEARER },
    );
    const result = await call('triggerV2RegisterVault', {});
    expect(result.structuredContent).toMatchObject({ status: 200, result: vault });
    expect(paths).toEqual(['/trigger/v2/vault/register', '/trigger/v2/vault']);
  });
});
