// The "fuzz-like run" of the memory measurement: every operation of the bundled spec, once with
// its example request and several times malformed (bad JSON, missing key, wrong types, huge
// strings, bad path parameters), in a fixed seeded order. Self-contained (reads the JSON spec) so
// it runs under plain Node.
import { readFileSync } from 'node:fs';
import type { LoadRequest } from './load.ts';

type Obj = Record<string, any>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function loadSpec(path: string): Obj {
  return JSON.parse(readFileSync(path, 'utf8'));
}

function deref(spec: Obj, node: any): any {
  let current = node;
  while (current && typeof current.$ref === 'string') {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce((acc: any, part: string) => acc?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], spec);
  }
  return current;
}

function example(spec: Obj, param: Obj): unknown {
  if (param.example !== undefined) return param.example;
  const first = param.examples ? Object.values<Obj>(param.examples)[0] : undefined;
  if (first) return deref(spec, first).value;
  const schema = deref(spec, param.schema ?? {});
  return schema.example ?? schema.default ?? schema.enum?.[0];
}

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
export function fuzzLikeRequests(spec: Obj, count: number, seed = 7): LoadRequest[] {
  const variants: LoadRequest[] = [];
  const key = { 'x-api-key': 'bench-key' };
  for (const [path, rawItem] of Object.entries<Obj>(spec.paths)) {
    const item = deref(spec, rawItem);
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: Obj) => deref(spec, p));
      let filled = path;
      const query = new URLSearchParams();
      for (const p of params) {
        const value = example(spec, p);
        if (p.in === 'path') filled = filled.replace(`{${p.name}}`, encodeURIComponent(String(value ?? 'x')));
        else if (p.in === 'query' && p.required && value !== undefined) query.set(p.name, String(value));
      }
      const body = deref(spec, op.requestBody)?.content?.['application/json'];
      const bodyExample = body?.examples ? deref(spec, Object.values<Obj>(body.examples)[0]).value : body?.example;
      const json = bodyExample === undefined ? undefined : JSON.stringify(bodyExample);
      const url = `${filled}${query.size > 0 ? `?${query}` : ''}`;
      const M = method.toUpperCase();
      const withBody = (b: string | undefined, headers: Record<string, string>): LoadRequest =>
        b === undefined ? { method: M, path: url, headers } : { method: M, path: url, headers: { ...headers, 'content-type': 'application/json' }, body: b };
      variants.push(withBody(json, { ...key, authorization: 'Bearer a.b.c' }));
      variants.push(withBody(json, {}));
      variants.push({ method: M, path: `${filled}?${new URLSearchParams({ ...Object.fromEntries(query), amount: 'x'.repeat(4000), limit: 'many' })}`, headers: key });
      variants.push({ method: M, path: path.replace(/\{[^}]+\}/g, '%E0%A4%A'), headers: key });
      if (json !== undefined) {
        variants.push({ method: M, path: url, headers: { ...key, 'content-type': 'application/json' }, body: json.slice(0, Math.max(1, json.length >> 1)) });
        variants.push({ method: M, path: url, headers: { ...key, 'content-type': 'application/json' }, body: JSON.stringify({ huge: 'y'.repeat(50_000) }) });
      }
    }
  }
  const random = mulberry32(seed);
  return Array.from({ length: count }, () => variants[Math.floor(random() * variants.length)]!);
}
