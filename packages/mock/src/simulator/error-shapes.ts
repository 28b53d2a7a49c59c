// The body shape of an error answer, derived from the error schemas the spec's operations
// reference: the schema documented for that status (exact, `4XX`/`5XX`, else `default`), or for a
// status the operation does not document, the operation's own client-error schema. A path that
// matches no operation answers in the shape of the operation nearest to it (most leading path
// segments in common). No area list: a new operation brings its error schema with it.
import type { OperationInfo } from './operations.js';
import { deref, type JsonSchema, type OpenApiDocument } from './spec.js';

export interface ErrorShape {
  /** Component schema name (`TriggerV1Error`), or `inline` / `none`. */
  readonly schema: string;
  /** The properties the schema declares; `{error}` when it declares none. */
  readonly fields: ReadonlySet<string>;
  /** JSON type of `code` when the schema has one (`string` in prediction and express, a number elsewhere). */
  readonly codeType?: 'string' | 'number';
  /**
   * `code` names a cause from a known list (an open enum, express verification's `INVALID_TOKEN_ID`,
   * ...): sent only when the error names one (`kind`), never made up from the status.
   */
  readonly codeNamesCause?: boolean;
  /** Whether `status` is the HTTP status (a number), not a word such as `Failed`. */
  readonly numericStatus: boolean;
}

export interface ErrorShapes {
  /** The shape of an error answer of `operationId` with HTTP `status`. */
  forOperation(operationId: string, status: number): ErrorShape;
  /** The shape of an error answer for a request that matched no operation (404, 405). */
  forPath(path: string): ErrorShape;
}

const GENERIC: ErrorShape = { schema: 'none', fields: new Set(['error']), numericStatus: false };
/** Statuses the API gateway answers in every area in its own `{code, message}`, not an area's own shape. */
const SHARED = new Set(['401', '403', '429']);
/** The gateway's body schema: a branch beside it in an `anyOf` is the area's shape for that status. */
const GATEWAY_SCHEMA = '#/components/schemas/GatewayError';

function shapeOf(doc: OpenApiDocument, node: JsonSchema | undefined): ErrorShape | undefined {
  if (!node) return undefined;
  // A status both the gateway and the area answer (trigger v2's 401 and 403): the area's branch.
  const branches = (node.anyOf ?? node.oneOf) as JsonSchema[] | undefined;
  const schemaNode = branches?.find((b) => b.$ref !== GATEWAY_SCHEMA) ?? node;
  const ref = typeof schemaNode.$ref === 'string' ? schemaNode.$ref : undefined;
  const schema = deref(doc, schemaNode);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const names = Object.keys(properties);
  const branchesOf = (name: string): JsonSchema[] => {
    const node = properties[name] ? deref(doc, properties[name]) : undefined;
    return Array.isArray(node?.anyOf) ? (node.anyOf as JsonSchema[]) : node ? [node] : [];
  };
  // The type of a property, or of the first branch of its `anyOf` (an open enum).
  const typeOf = (name: string): unknown => branchesOf(name)[0]?.type;
  const codeType = properties.code ? (typeOf('code') === 'string' ? 'string' : 'number') : undefined;
  const codeNamesCause = branchesOf('code').some((b) => b['x-unknown-enum-value'] === true);
  const status = typeOf('status');
  return {
    schema: ref ? ref.slice(ref.lastIndexOf('/') + 1) : 'inline',
    fields: names.length > 0 ? new Set(names) : GENERIC.fields,
    ...(codeType ? { codeType } : {}),
    ...(codeNamesCause ? { codeNamesCause } : {}),
    numericStatus: status === 'number' || status === 'integer',
  };
}

function responseSchema(doc: OpenApiDocument, op: OperationInfo, key: string): JsonSchema | undefined {
  const response = op.operation.responses?.[key];
  return response ? deref(doc, response).content?.['application/json']?.schema : undefined;
}

export function createErrorShapes(doc: OpenApiDocument, operations: readonly OperationInfo[]): ErrorShapes {
  const byOperation = new Map<string, { byKey: Map<string, ErrorShape>; own: ErrorShape }>();
  for (const op of operations) {
    const byKey = new Map<string, ErrorShape>();
    for (const key of Object.keys(op.operation.responses ?? {})) {
      if (/^[23]/.test(key)) continue;
      const shape = shapeOf(doc, responseSchema(doc, op, key));
      if (shape) byKey.set(key, shape);
    }
    // The operation's own client-error shape: `default`, else its first documented 4xx other than the shared ones.
    const own =
      byKey.get('default') ??
      [...byKey.entries()].find(([key]) => /^4/.test(key) && !SHARED.has(key))?.[1] ??
      [...byKey.entries()].find(([key]) => !SHARED.has(key))?.[1] ??
      GENERIC;
    byOperation.set(op.operationId, { byKey, own });
  }
  const templates = operations.map((op) => ({ id: op.operationId, segments: op.path.split('/').filter(Boolean) }));

  const forOperation = (operationId: string, status: number): ErrorShape => {
    const entry = byOperation.get(operationId);
    if (!entry) return GENERIC;
    const exact = entry.byKey.get(String(status)) ?? entry.byKey.get(`${String(status)[0]}XX`);
    return exact ?? entry.own;
  };

  return {
    forOperation,
    forPath(path) {
      const parts = path.split('/').filter(Boolean);
      let best: string | undefined;
      let bestScore = 0;
      for (const t of templates) {
        let score = 0;
        while (
          score < t.segments.length &&
          score < parts.length &&
          (t.segments[score] === parts[score] || t.segments[score]!.startsWith('{'))
        )
          score++;
        if (score > bestScore) {
          bestScore = score;
          best = t.id;
        }
      }
      return best === undefined ? GENERIC : forOperation(best, 404);
    },
  };
}
