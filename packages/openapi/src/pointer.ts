// JSON pointers and `$ref` resolution inside one document (the bundle has local refs only).
import { loadSpec, type OpenApiDocument } from './document.js';

/** Escapes one segment of a JSON pointer (`/` -> `~1`, `~` -> `~0`). */
export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The node at a local reference (`#/components/schemas/SwapOrderResponse`). Anything else throws. */
export function resolvePointer(ref: string, doc: OpenApiDocument = loadSpec()): unknown {
  if (!ref.startsWith('#/')) throw new Error(`unsupported $ref (only local refs): ${ref}`);
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(key in node)) throw new Error(`unresolved $ref: ${ref}`);
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

const isReference = (node: unknown): node is { $ref: string } =>
  node !== null && typeof node === 'object' && typeof (node as { $ref?: unknown }).$ref === 'string';

/** Follows `$ref`s from `node` until a node that is not a reference (returned as is otherwise). */
export function deref<T>(node: T | { $ref: string }, doc: OpenApiDocument = loadSpec()): T {
  let current: unknown = node;
  const seen = new Set<string>();
  while (isReference(current)) {
    if (seen.has(current.$ref)) throw new Error(`circular $ref: ${current.$ref}`);
    seen.add(current.$ref);
    current = resolvePointer(current.$ref, doc);
  }
  return current as T;
}
