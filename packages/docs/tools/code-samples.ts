// Code samples of one operation, generated from the spec: a curl command and a typed
// `@x/fetch-client` call. Values come from the spec's own examples (each parameter's example,
// the first named example of the request body); the token behind a mint is named from the
// spec's `x-example-values` when it has them.

import { deref as readerDeref } from '@x/openapi/reader';

export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

type Json = any;

export interface SampleContext {
  spec: Json;
  path: string;
  method: string;
  operation: Json;
}

/** Follows local `$ref`s of the given document (the one spec reader's resolution). */
export const deref = (spec: Json, value: Json): Json => (value && typeof value === 'object' ? readerDeref(value, spec) : value);

function exampleOf(spec: Json, param: Json): unknown {
  if (param.example !== undefined) return param.example;
  const named = param.examples && Object.values<Json>(param.examples)[0];
  if (named) return deref(spec, named).value;
  const schema = deref(spec, param.schema ?? {});
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  return undefined;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  value: unknown;
}

/** The path parameters and the required query and header parameters, with their example values. */
export function sampleParameters({ spec, path, operation }: SampleContext): Parameter[] {
  const pathItem = spec.paths[path] ?? {};
  const all = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((p: Json) => deref(spec, p));
  const byKey = new Map<string, Json>();
  for (const p of all) byKey.set(`${p.in}:${p.name}`, p); // the operation's own wins
  return [...byKey.values()]
    .filter((p) => p.in === 'path' || p.required === true)
    .map((p) => {
      const value = exampleOf(spec, p);
      if (value === undefined) throw new Error(`${operation.operationId}: parameter ${p.name} has no example to show`);
      return { name: p.name, in: p.in, value };
    });
}

/** The first named example of the JSON request body, or undefined when the operation takes none. */
export function sampleBody({ spec, operation }: SampleContext): unknown {
  const body = deref(spec, operation.requestBody);
  const media = body?.content?.['application/json'];
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const named = media.examples && Object.values<Json>(media.examples)[0];
  if (named) return deref(spec, named).value;
  if (body.required) throw new Error(`${operation.operationId}: the request body has no example to show`);
  return undefined;
}

/** Does the operation need the trigger v2 bearer token (its security names a bearer scheme)? */
export function needsBearer({ spec, operation }: SampleContext): string | undefined {
  const schemes = spec.components?.securitySchemes ?? {};
  for (const requirement of operation.security ?? spec.security ?? []) {
    for (const name of Object.keys(requirement)) if (schemes[name]?.type === 'http' && schemes[name]?.scheme === 'bearer') return name;
  }
  return undefined;
}

/** mint address -> token symbol, from the spec's `x-example-values` (empty when it has none). */
export function tokenNames(spec: Json): Map<string, string> {
  const tokens: Json[] = spec['x-example-values']?.tokens ?? [];
  return new Map(tokens.filter((t) => t?.mint && t?.symbol).map((t) => [t.mint, t.symbol]));
}

const baseUrlOf = (spec: Json): string => {
  const server = spec.servers?.[0];
  if (!server) return 'http://localhost:4010';
  return server.url.replace(/\{(\w+)\}/g, (_: string, name: string) => server.variables?.[name]?.default ?? name);
};

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function curlSample(ctx: SampleContext): CodeSample {
  const params = sampleParameters(ctx);
  const url = ctx.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(params.find((p) => p.in === 'path' && p.name === name)?.value ?? name)),
  );
  const query = params.filter((p) => p.in === 'query');
  // a query goes one parameter per line: -G turns each --data-urlencode into an encoded query parameter
  const method = ctx.method === 'get' ? (query.length > 0 ? ' -G' : '') : ` -X ${ctx.method.toUpperCase()}`;
  const lines = [`curl -sS${method} ${shellQuote(baseUrlOf(ctx.spec) + url)}`, `  -H "x-api-key: $API_KEY"`];
  if (query.length > 0 && ctx.method !== 'get')
    throw new Error(`${ctx.operation.operationId}: query parameters on ${ctx.method} are not shown yet`);
  for (const p of query) lines.push(`  --data-urlencode ${shellQuote(`${p.name}=${p.value}`)}`);
  if (needsBearer(ctx)) lines.push(`  -H "authorization: Bearer $TOKEN"`);
  for (const p of params.filter((p) => p.in === 'header')) lines.push(`  -H ${shellQuote(`${p.name}: ${p.value}`)}`);
  const body = sampleBody(ctx);
  if (body !== undefined) lines.push(`  -H 'content-type: application/json'`, `  -d ${shellQuote(JSON.stringify(body, null, 2))}`);
  const intro = needsBearer(ctx)
    ? ['# $TOKEN: the JWT of POST /trigger/v2/auth/verify (see the guide "Flow: trigger v2 price order")']
    : [];
  // the token behind each mint the command sends
  const names = tokenNames(ctx.spec);
  const sent: [string, unknown][] = [
    ...params.map((p) => [p.name, p.value] as [string, unknown]),
    ...(body && typeof body === 'object' ? Object.entries(body) : []),
  ];
  const named = sent.filter(([, v]) => typeof v === 'string' && names.has(v)).map(([k, v]) => `${k}: ${names.get(v as string)}`);
  if (named.length > 0) intro.push(`# ${named.join(', ')}`);
  return { lang: 'Shell', label: 'curl', source: [...intro, lines.join(' \\\n')].join('\n') };
}

const IDENT = /^[A-Za-z_$][\w$]*$/;

/** A JSON value as a TypeScript literal, indented, with the token's name beside a known mint. */
function literal(value: unknown, indent: string, names: Map<string, string>): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((v) => `${indent}  ${literal(v, `${indent}  `, names)},`);
    return `[\n${items.join('\n')}\n${indent}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const lines = entries.map(([k, v]) => {
      const key = IDENT.test(k) ? k : JSON.stringify(k);
      // the token behind a mint, on its own line so that narrow panels show it
      const comment = typeof v === 'string' && names.has(v) ? `${indent}  // ${names.get(v)}\n` : '';
      return `${comment}${indent}  ${key}: ${literal(v, `${indent}  `, names)},`;
    });
    return `{\n${lines.join('\n')}\n${indent}}`;
  }
  return typeof value === 'string' ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : JSON.stringify(value);
}

export function typescriptSample(ctx: SampleContext): CodeSample {
  const names = tokenNames(ctx.spec);
  const params = sampleParameters(ctx);
  const args: Record<string, unknown> = {};
  for (const where of ['path', 'query', 'header'] as const) {
    const group = params.filter((p) => p.in === where);
    if (group.length > 0) args[where === 'header' ? 'headers' : where] = Object.fromEntries(group.map((p) => [p.name, p.value]));
  }
  const body = sampleBody(ctx);
  if (body !== undefined) args.body = body;
  const call = `await x.${ctx.operation.operationId}(${Object.keys(args).length > 0 ? literal(args, '', names) : ''})`;
  const baseUrl = baseUrlOf(ctx.spec);
  const lines = needsBearer(ctx)
    ? [
        `import { readFile } from 'node:fs/promises';`,
        `import { createClient, type ApiClient } from '@x/fetch-client';`,
        `import { createTriggerAuthSession, signerFromSecretKey } from '@x/signing';`,
        ``,
        `// The wallet signs in (challenge, signature, JWT) on first use;`,
        `// the session renews the token. wallet.json: keyfile text "[12,200,...]".`,
        `const wallet = await signerFromSecretKey(await readFile('wallet.json', 'utf8'));`,
        `const session = createTriggerAuthSession({ client: () => x, signer: wallet });`,
        `const x: ApiClient = createClient({`,
        `  baseUrl: '${baseUrl}',`,
        `  apiKey: 'YOUR_API_KEY',`,
        `  bearer: session,`,
        `});`,
      ]
    : [
        `import { createClient } from '@x/fetch-client';`,
        ``,
        `const x = createClient({`,
        `  baseUrl: '${baseUrl}',`,
        `  apiKey: 'YOUR_API_KEY',`,
        `});`,
      ];
  lines.push(``, `const { data } = ${call};`, `console.log(data);`);
  return { lang: 'TypeScript', label: '@x/fetch-client', source: lines.join('\n') };
}

export function codeSamples(ctx: SampleContext): CodeSample[] {
  return [curlSample(ctx), typescriptSample(ctx)];
}
