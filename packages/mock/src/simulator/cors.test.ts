import { describe, expect, it } from 'vitest';
import { bundledSpec } from './spec.js';
import { buildOperations } from './operations.js';
import { declaredResponseHeaders } from './cors.js';
import { makeSimulator } from './test-support/harness.js';

const origin = 'http://127.0.0.1:5173';

describe('CORS', () => {
  it('a preflight allows the headers the browser asks for, and the methods of the spec', async () => {
    const sim = makeSimulator();
    const res = await sim.fetch(
      new Request('http://sim/swap/v2/order', {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'x-api-key, X-Client-Trace, x-request-source',
        },
      }),
    );
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = res.headers.get('access-control-allow-headers')!.split(', ');
    expect(allowed).toEqual(expect.arrayContaining(['x-api-key', 'x-client-trace', 'x-request-source', 'authorization', 'content-type']));
    expect(res.headers.get('access-control-allow-methods')).toMatch(/GET.*POST/);
  });

  it('drops what is not a header name from the echo', async () => {
    const sim = makeSimulator();
    const res = await sim.fetch(
      new Request('http://sim/swap/v2/order', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-headers': 'x-ok, bad name, "quoted"' },
      }),
    );
    expect(res.headers.get('access-control-allow-headers')).toBe('x-api-key, authorization, content-type, x-ok');
  });

  it('exposes every response header the spec declares (the rate-limit headers among them)', async () => {
    const declared = declaredResponseHeaders(bundledSpec, buildOperations(bundledSpec));
    expect(declared).toEqual(expect.arrayContaining(['x-ratelimit-remaining', 'x-ratelimit-current', 'x-ratelimit-reset', 'retry-after']));
    const sim = makeSimulator();
    const res = await sim.fetch(new Request('http://sim/prediction/v1/trading-status', { headers: { origin, 'x-api-key': 'k' } }));
    expect(res.headers.get('access-control-expose-headers')!.split(', ').sort()).toEqual(declared);
    const plain = await sim.fetch(new Request('http://sim/prediction/v1/trading-status', { headers: { 'x-api-key': 'k' } }));
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
  });
});
