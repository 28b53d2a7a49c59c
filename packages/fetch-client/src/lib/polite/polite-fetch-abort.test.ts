// politeFetch and the callers' signals: identical GETs share one request, so one caller's abort
// ends only that caller's wait; the shared request is cancelled once every caller has aborted.
import { describe, expect, it } from 'vitest';
import { politeFetch } from './polite-fetch.js';

const URL_A = 'http://127.0.0.1:9/a';

/** A service that answers when told to, and rejects a request whose signal aborts first. */
function slowService() {
  const seen: Array<AbortSignal | null | undefined> = [];
  let answer: () => void = () => {};
  const send = (_input: string | URL | Request, init?: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init?.signal;
      seen.push(signal);
      answer = () => resolve(Response.json({ ok: true }));
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
  return { send: send as typeof fetch, seen, answer: () => answer() };
}

describe('politeFetch: aborting a shared GET', () => {
  it("one caller's abort does not fail the other callers of the same GET", async () => {
    const service = slowService();
    const polite = politeFetch({ fetch: service.send, intervalMs: 0 });
    const first = new AbortController();
    const a = polite(URL_A, { signal: first.signal });
    const b = polite(URL_A, { signal: new AbortController().signal });
    expect(polite.stats.coalesced).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    first.abort(new Error('first caller gave up'));
    await expect(a).rejects.toThrow('first caller gave up');
    service.answer();
    expect(await (await b).json()).toEqual({ ok: true });
    expect(polite.stats.sent).toBe(1);
  });

  it("a caller that aborts stops waiting even while it shares another caller's request", async () => {
    const service = slowService();
    const polite = politeFetch({ fetch: service.send, intervalMs: 0 });
    const second = new AbortController();
    const a = polite(URL_A);
    const b = polite(URL_A, { signal: second.signal });
    await new Promise((resolve) => setTimeout(resolve, 0));
    second.abort(new Error('second caller gave up'));
    await expect(b).rejects.toThrow('second caller gave up');
    service.answer();
    expect((await a).status).toBe(200);
  });

  it('cancels the shared request once every caller has aborted', async () => {
    const service = slowService();
    const polite = politeFetch({ fetch: service.send, intervalMs: 0 });
    const callers = [new AbortController(), new AbortController()];
    const calls = callers.map((c) => polite(URL_A, { signal: c.signal }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    callers[0]!.abort(new Error('one'));
    expect(service.seen[0]?.aborted).toBe(false);
    callers[1]!.abort(new Error('two'));
    expect(service.seen[0]?.aborted).toBe(true);
    await expect(calls[0]).rejects.toThrow('one');
    await expect(calls[1]).rejects.toThrow('two');
    // The next identical GET is a new request, not the cancelled one.
    const again = polite(URL_A);
    await new Promise((resolve) => setTimeout(resolve, 0));
    service.answer();
    expect((await again).status).toBe(200);
    expect(polite.stats.sent).toBe(2);
  });
});
