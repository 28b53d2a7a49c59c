// The "fuzz-like run" of the memory measurement: every operation of the bundled spec, once with
// its example request and several times malformed (bad JSON, missing key, wrong types, huge
// strings, bad path parameters), in a fixed seeded order. Reads the spec through
// @x/openapi/reader, so it runs under plain Node.
import { loadSpec, namedExamples, operations, parameterExample, type OpenApiDocument } from '@x/openapi/reader';
import type { LoadRequest } from './load.ts';

export { loadSpec };

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` requests over every operation, valid and malformed, in a seeded order. */
export function fuzzLikeRequests(spec: OpenApiDocument, count: number, seed = 7): LoadRequest[] {
  const variants: LoadRequest[] = [];
  const key = { 'x-api-key': 'bench-key' };
  for (const op of operations(spec)) {
    const path = op.path;
    let filled = path;
    const query = new URLSearchParams();
    for (const p of op.parameters) {
      const value = parameterExample(p, spec);
      if (p.in === 'path') filled = filled.replace(`{${p.name}}`, encodeURIComponent(String(value ?? 'x')));
      else if (p.in === 'query' && p.required && value !== undefined) query.set(p.name, String(value));
    }
    const bodyExample = op.requestBody?.json ? namedExamples(op.requestBody.json, spec)[0]?.value : undefined;
    const json = bodyExample === undefined ? undefined : JSON.stringify(bodyExample);
    const url = `${filled}${query.size > 0 ? `?${query}` : ''}`;
    const M = op.method;
    const withBody = (b: string | undefined, headers: Record<string, string>): LoadRequest =>
      b === undefined
        ? { method: M, path: url, headers }
        : { method: M, path: url, headers: { ...headers, 'content-type': 'application/json' }, body: b };
    variants.push(withBody(json, { ...key, authorization: 'Bearer a.b.c' }));
    variants.push(withBody(json, {}));
    variants.push({
      method: M,
      path: `${filled}?${new URLSearchParams({ ...Object.fromEntries(query), amount: 'x'.repeat(4000), limit: 'many' })}`,
      headers: key,
    });
    variants.push({ method: M, path: path.replace(/\{[^}]+\}/g, '%E0%A4%A'), headers: key });
    if (json !== undefined) {
      variants.push({
        method: M,
        path: url,
        headers: { ...key, 'content-type': 'application/json' },
        body: json.slice(0, Math.max(1, json.length >> 1)),
      });
      variants.push({
        method: M,
        path: url,
        headers: { ...key, 'content-type': 'application/json' },
        body: JSON.stringify({ huge: 'y'.repeat(50_000) }),
      });
    }
  }
  const random = mulberry32(seed);
  return Array.from({ length: count }, () => variants[Math.floor(random() * variants.length)]!);
}
