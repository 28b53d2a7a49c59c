// politeFetch reads a GET answer it shares or caches up to a size cap, as the client does: an
// endless or huge answer costs at most the cap in memory and ends with a ResponseTooLargeError.
import { describe, expect, it } from 'vitest';
import { createClient } from '../../index.js';
import { ResponseTooLargeError } from '../errors.js';
import { politeFetch } from './polite-fetch.js';

/** A service whose answer is an endless JSON stream; `pulled` counts the chunks read from it. */
function endless() {
  const state = { pulled: 0 };
  const send = (async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        pull(controller) {
          state.pulled++;
          controller.enqueue(new TextEncoder().encode(state.pulled === 1 ? '["' : 'x'.repeat(1024)));
          if (state.pulled > 12_000) controller.close();
        },
      }),
      { headers: { 'content-type': 'application/json' } },
    )) as typeof fetch;
  return { send, state };
}

describe('politeFetch: answer size', () => {
  it('refuses a maxResponseBytes that is not a whole number of bytes > 0, in bytes', () => {
    for (const bad of [0, -1, 1.5, Number.NaN])
      expect(() => politeFetch({ maxResponseBytes: bad })).toThrow(
        new RangeError('politeFetch maxResponseBytes must be a whole number of bytes > 0'),
      );
  });

  it('stops reading a shared GET answer at maxResponseBytes', async () => {
    const service = endless();
    const polite = politeFetch({ fetch: service.send, intervalMs: 0, maxResponseBytes: 10_000 });
    const x = createClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k', fetch: polite, maxResponseBytes: 10_000, maxRetries: 0 });
    await expect(x.predictionGetTradingStatus()).rejects.toBeInstanceOf(ResponseTooLargeError);
    expect(service.state.pulled).toBeLessThan(50);
  });

  it('bounds it by default too (10 MiB, as the client)', async () => {
    const service = endless();
    const polite = politeFetch({ fetch: service.send, intervalMs: 0 });
    await polite('http://127.0.0.1:9/a').then(
      () => expect.unreachable(),
      (error) => expect(error).toBeInstanceOf(ResponseTooLargeError),
    );
    expect(service.state.pulled).toBeLessThan(12_000);
  });
});
