// The built package (tools/bundle-entries.ts): the index is one module with nothing else to load,
// and its error classes are the ones the other entries throw.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fakeFetch, json, rejection, swapOrderQuery } from './fake-fetch.js';

const dist = new URL('../dist/', import.meta.url);
// (Through variables: the test reads the built files, not the sources vitest would resolve.)
const load = (entry: string) => import(/* @vite-ignore */ new URL(`${entry}.js`, dist).href);

describe('the built entries', () => {
  it('index imports no other module of the package', () => {
    const code = readFileSync(new URL('index.js', dist), 'utf8');
    expect(code).not.toMatch(/^\s*(import|export)\b[^;]*\bfrom\s*["']\.{1,2}\//m);
    expect(code).not.toMatch(/\bimport\s*\(/);
  });

  it("sdk's functions throw the index's error classes", async () => {
    const index = await load('index');
    const sdk = await load('sdk');
    const { fetch } = fakeFetch(() => json({ error: 'no route' }, 404));
    const client = sdk.createTransport({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k', fetch, maxRetries: 0 });
    const error = await rejection(sdk.swapGetOrder({ client, query: swapOrderQuery }));
    expect(error).toBeInstanceOf(index.NotFoundError);
    expect(error).toBeInstanceOf(index.ApiError);
    expect(error).toBeInstanceOf(index.FetchClientError);
  });

  it("validate's validator throws the index's ResponseValidationError", async () => {
    const index = await load('index');
    const { responseValidator } = await load('validate');
    const error = await rejection(
      Promise.resolve(responseValidator({ operation: 'GET /prediction/v1/trading-status', status: 200, data: { trading_active: 'yes' } })),
    );
    expect(error).toBeInstanceOf(index.ResponseValidationError);
  });
});
