// What every simulator of a process shares for one OpenAPI document, built on the first
// createSimulator() for that document: the operation table, the request validators (which compile
// their schemas on an operation's first request), the router and the served JSON. A simulator
// instance adds only its own state.
import { areaOf } from './key-access.js';
import { createErrorShapes, type ErrorShapes } from './error-shapes.js';
import { HANDLERS } from './handlers.js';
import type { SimulatorOperation } from './types.js';
import { buildOperations, type OperationInfo } from './operations.js';
import { createRouter, type Router } from './router.js';
import { createSchemaCompiler } from './schemas.js';
import type { OpenApiDocument } from './spec.js';
import { createOperationValidator, type OperationValidator } from './validate.js';

export interface SharedSimulatorParts {
  operations: readonly OperationInfo[];
  /** What the public object shows of each operation: id, method, path. */
  summaries: readonly SimulatorOperation[];
  operationIds: ReadonlySet<string>;
  /** The areas a key may be limited to (the first path segments of the operations, see key-access.ts). */
  areas: ReadonlySet<string>;
  /** Never mutated (a Map for the pipeline's sake). */
  validators: Map<string, OperationValidator>;
  router: Router;
  /** The error body shape of each operation and status, from the spec's error schemas. */
  errorShapes: ErrorShapes;
  /** The document as served at GET /openapi.json (serialized on first use). */
  specJson(): string;
}

const byDocument = new WeakMap<OpenApiDocument, SharedSimulatorParts>();

function build(doc: OpenApiDocument): SharedSimulatorParts {
  const operations = buildOperations(doc);
  const missing = operations.filter((op) => !Object.hasOwn(HANDLERS, op.operationId)).map((op) => op.operationId);
  if (missing.length > 0) throw new Error(`simulator: no handler for operation(s) ${missing.join(', ')}`);
  const compiler = createSchemaCompiler(doc);
  let json: string | undefined;
  return {
    operations,
    summaries: Object.freeze(operations.map(({ operationId, method, path }) => Object.freeze({ operationId, method, path }))),
    operationIds: new Set(operations.map((op) => op.operationId)),
    areas: new Set(operations.map((op) => areaOf(op.path))),
    validators: new Map(operations.map((op) => [op.operationId, createOperationValidator(doc, compiler, op)])),
    router: createRouter(operations),
    errorShapes: createErrorShapes(doc, operations),
    specJson: () => (json ??= JSON.stringify(doc)),
  };
}

/** The parts shared by every simulator of `doc` in this process. */
export function sharedParts(doc: OpenApiDocument): SharedSimulatorParts {
  let parts = byDocument.get(doc);
  if (!parts) {
    parts = build(doc);
    byDocument.set(doc, parts);
  }
  return parts;
}
