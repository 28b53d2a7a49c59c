// politeFetch shared by several credentials (one API key's pacing, one bearer token per wallet):
// an answer asked for with one credential is never handed to a request made with another.
import { describe, expect, it } from 'vitest';
import { politeFetch } from './polite-fetch.js';

const URL_ORDERS = 'http://127.0.0.1:9/trigger/v2/orders/history';

/** A service that answers each request with the credential it carried. */
const echo = (async (input: string | URL | Request, init?: RequestInit) => {
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
  return Response.json({ for: `${headers.get('authorization')} ${headers.get('x-api-key')}` });
}) as typeof fetch;

const who = async (response: Promise<Response>) => ((await (await response).json()) as { for: string }).for;

describe('politeFetch: answers stay with their credential', () => {
  it('does not share a GET in flight between two bearer tokens', async () => {
    const polite = politeFetch({ fetch: echo, intervalMs: 0 });
    const a = polite(URL_ORDERS, { headers: { authorization: 'Bearer wallet-A' } });
    const b = polite(URL_ORDERS, { headers: { authorization: 'Bearer wallet-B' } });
    expect(await who(a)).toBe('Bearer wallet-A null');
    expect(await who(b)).toBe('Bearer wallet-B null');
    expect(polite.stats).toMatchObject({ sent: 2, coalesced: 0 });
  });

  it('does not answer from the cache a request made with another API key', async () => {
    const polite = politeFetch({ fetch: echo, intervalMs: 0, otherTtlMs: 60_000 });
    expect(await who(polite(URL_ORDERS, { headers: { 'x-api-key': 'key-1' } }))).toBe('null key-1');
    expect(await who(polite(new Request(URL_ORDERS, { headers: { 'x-api-key': 'key-2' } })))).toBe('null key-2');
    expect(await who(polite(URL_ORDERS, { headers: { 'x-api-key': 'key-1' } }))).toBe('null key-1');
    expect(polite.stats).toMatchObject({ sent: 2, cacheHits: 1 });
  });
});
