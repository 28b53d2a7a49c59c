// The examples the document gives for each operation: parameter values, request bodies and
// responses (named `examples` resolved, or the single `example`).
import {
  loadSpec,
  type ExampleObject,
  type JsonSchema,
  type MediaTypeObject,
  type OpenApiDocument,
  type ParameterObject,
} from './document.js';
import type { Operation } from './operations.js';
import { deref } from './pointer.js';

export interface NamedExample {
  /** The key under `examples`, or `example` for a single `example`. */
  name: string;
  summary?: string;
  value: unknown;
}

/** The examples of a media type (or parameter): its named `examples`, resolved, else its `example`. */
export function namedExamples(node: Pick<MediaTypeObject, 'example' | 'examples'>, doc: OpenApiDocument = loadSpec()): NamedExample[] {
  if (node.examples) {
    return Object.entries(node.examples).map(([name, raw]) => {
      const example = deref<ExampleObject>(raw, doc);
      return { name, ...(example.summary !== undefined ? { summary: example.summary } : {}), value: example.value };
    });
  }
  return node.example !== undefined ? [{ name: 'example', value: node.example }] : [];
}

/** A value a schema documents: `example`, the first of `examples`, `default`, `const`, the first of `enum`. */
export function schemaExample(schema: JsonSchema | undefined, doc: OpenApiDocument = loadSpec()): unknown {
  if (!schema) return undefined;
  const s = deref(schema, doc);
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if (s.default !== undefined) return s.default;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  return undefined;
}

/** The example of a parameter: its own (`example`, first of `examples`), else its schema's. */
export function parameterExample(parameter: ParameterObject, doc: OpenApiDocument = loadSpec()): unknown {
  const p = deref(parameter, doc);
  const own = namedExamples(p, doc)[0];
  return own !== undefined ? own.value : schemaExample(p.schema, doc);
}

export interface RequestExample {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  header: Record<string, unknown>;
  /** The first example of the application/json body, when the operation takes one. */
  body?: unknown;
}

/**
 * A complete example request of an operation, from the document's examples: every required
 * parameter (path parameters always), optional ones too with `{ optional: true }`, and the body.
 * Throws when something required has no example.
 */
export function requestExample(op: Operation, options: { optional?: boolean } = {}, doc: OpenApiDocument = loadSpec()): RequestExample {
  const out: RequestExample = { path: {}, query: {}, header: {} };
  for (const p of op.parameters) {
    if (p.in === 'cookie') continue;
    const required = p.required === true || p.in === 'path';
    if (!required && !options.optional) continue;
    const value = parameterExample(p, doc);
    if (value === undefined) {
      if (required) throw new Error(`${op.operationId}: no example for required ${p.in} parameter ${p.name}`);
      continue;
    }
    out[p.in][p.name] = value;
  }
  const body = op.requestBody?.json;
  if (body) {
    const value = namedExamples(body, doc)[0]?.value ?? schemaExample(body.schema, doc);
    if (value === undefined && op.requestBody?.required) throw new Error(`${op.operationId}: no request body example`);
    if (value !== undefined) out.body = value;
  }
  return out;
}

/** Every named request body example (application/json) of an operation. */
export function requestBodyExamples(op: Operation, doc: OpenApiDocument = loadSpec()): NamedExample[] {
  return op.requestBody?.json ? namedExamples(op.requestBody.json, doc) : [];
}

export interface ResponseExample extends NamedExample {
  /** The response key (`200`, `400`, `default`). */
  status: string;
}

/** Every application/json response example of an operation, response by response. */
export function responseExamples(op: Operation, doc: OpenApiDocument = loadSpec()): ResponseExample[] {
  return Object.values(op.responses).flatMap((response) =>
    response.json ? namedExamples(response.json, doc).map((example) => ({ status: response.status, ...example })) : [],
  );
}
