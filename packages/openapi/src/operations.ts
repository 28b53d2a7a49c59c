// Every operation of the document, read once per document: method, path, tags, security,
// parameters, request body, responses and the operation's `x-` extensions.
import {
  loadSpec,
  type JsonSchema,
  type MediaTypeObject,
  type OpenApiDocument,
  type OperationObject,
  type ParameterObject,
  type RequestBodyObject,
  type ResponseObject,
  type SecurityRequirement,
} from './document.js';
import { escapePointer, resolvePointer } from './pointer.js';

/** The HTTP methods a path item may hold an operation under (OpenAPI 3.1), in lower case. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export const JSON_MEDIA_TYPE = 'application/json';

/** How a paged operation pages (`x-pagination`). */
export interface Pagination {
  /**
   * `start-end`: query `start`/`end`, body `pagination.start`/`hasNext`; `offset-limit`: query
   * `offset`/`limit`, body `pagination.offset`/`total`; `page-number`: query `page` (from 1), body
   * `page`/`totalPages`.
   */
  style: 'start-end' | 'offset-limit' | 'page-number' | (string & {});
  /** Top-level field of the 200 body that holds the items. */
  items: string;
  [key: string]: unknown;
}

/**
 * `x-already-exists`: a repeat creates nothing; the service answers `status` with what the first
 * call made in the body's field `record`, and the read `read` (an operationId) reads it when that
 * field is absent (vault register: 409, `details`, `triggerV2GetVault`).
 */
export interface AlreadyExists {
  status: number;
  record: string;
  read: string;
}

export interface OperationBody {
  required: boolean;
  /** Media types the body may be sent as. */
  mediaTypes: string[];
  /** The application/json media type object, if any. */
  json?: MediaTypeObject;
  /** The application/json schema, if any (may itself be a `$ref`). */
  schema?: JsonSchema;
  /** JSON pointer (`#/...`) of that schema inside the document. */
  pointer?: string;
}

export interface OperationResponse {
  /** The response key: `200`, `4XX`, `default`. */
  status: string;
  description?: string;
  headers: Record<string, unknown>;
  mediaTypes: string[];
  json?: MediaTypeObject;
  schema?: JsonSchema;
  pointer?: string;
}

export interface Operation {
  operationId: string;
  /** Upper case: `GET`, `POST`, ... */
  method: Uppercase<HttpMethod>;
  /** The path template: `/trigger/v2/orders/price/{id}`. */
  path: string;
  /** JSON pointer of the operation object: `#/paths/~1swap~1v2~1order/get`. */
  pointer: string;
  tags: string[];
  summary?: string;
  deprecated: boolean;
  /** The security requirements that apply (the operation's own, else the document's). */
  security: SecurityRequirement[];
  /** Path-item and operation parameters, resolved; the operation's win on the same `in` + `name`. */
  parameters: ParameterObject[];
  requestBody?: OperationBody;
  /** Every documented response, by response key, resolved. */
  responses: Record<string, OperationResponse>;
  /** Every `x-` key of the operation object, as written. */
  extensions: Record<string, unknown>;
  /** `x-safe-to-retry`: true when a retry cannot apply the operation twice. */
  safeToRetry: boolean;
  /** `x-already-exists`, checked (see `AlreadyExists`). */
  alreadyExists?: AlreadyExists;
  /** `x-rate-limit-bucket`, else `default`. */
  rateLimitBucket: string;
  /** `x-pagination`, on paged operations. */
  pagination?: Pagination;
  /** The raw operation object of the document. */
  operation: OperationObject;
}

/** Follows `$ref`s, returning the node reached and the pointer it lives at. */
function locate<T>(node: T | { $ref?: string }, pointer: string, doc: OpenApiDocument): { node: T; pointer: string } {
  let current: unknown = node;
  let at = pointer;
  for (let hops = 0; current && typeof current === 'object' && typeof (current as { $ref?: unknown }).$ref === 'string'; hops++) {
    if (hops > 32) throw new Error(`$ref loop at ${pointer}`);
    at = (current as { $ref: string }).$ref;
    current = resolvePointer(at, doc);
  }
  return { node: current as T, pointer: at };
}

const JSON_SCHEMA_SUFFIX = `/content/${escapePointer(JSON_MEDIA_TYPE)}/schema`;

function readBody(raw: RequestBodyObject, pointer: string, doc: OpenApiDocument): OperationBody {
  const { node, pointer: at } = locate<RequestBodyObject>(raw, pointer, doc);
  const content = node.content ?? {};
  const json = content[JSON_MEDIA_TYPE];
  return {
    required: node.required === true,
    mediaTypes: Object.keys(content),
    ...(json ? { json } : {}),
    ...(json?.schema ? { schema: json.schema, pointer: `${at}${JSON_SCHEMA_SUFFIX}` } : {}),
  };
}

function readResponse(status: string, raw: ResponseObject, pointer: string, doc: OpenApiDocument): OperationResponse {
  const { node, pointer: at } = locate<ResponseObject>(raw, pointer, doc);
  const content = node.content ?? {};
  const json = content[JSON_MEDIA_TYPE];
  return {
    status,
    ...(node.description !== undefined ? { description: node.description } : {}),
    headers: node.headers ?? {},
    mediaTypes: Object.keys(content),
    ...(json ? { json } : {}),
    ...(json?.schema ? { schema: json.schema, pointer: `${at}${JSON_SCHEMA_SUFFIX}` } : {}),
  };
}

function readOperations(doc: OpenApiDocument): readonly Operation[] {
  const out: Operation[] = [];
  const seenIds = new Set<string>();
  for (const [path, rawItem] of Object.entries(doc.paths ?? {})) {
    const itemPointer = `#/paths/${escapePointer(path)}`;
    const { node: item } = locate(rawItem, itemPointer, doc);
    const shared = (item.parameters ?? []).map((p, i) => locate<ParameterObject>(p, `${itemPointer}/parameters/${i}`, doc).node);
    for (const method of HTTP_METHODS) {
      const operation = item[method] as OperationObject | undefined;
      if (!operation) continue;
      const pointer = `${itemPointer}/${method}`;
      const { operationId } = operation;
      if (!operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      if (seenIds.has(operationId)) throw new Error(`operationId ${operationId} is used twice`);
      seenIds.add(operationId);
      const own = (operation.parameters ?? []).map((p, i) => locate<ParameterObject>(p, `${pointer}/parameters/${i}`, doc).node);
      const byKey = new Map<string, ParameterObject>();
      for (const p of [...shared, ...own]) byKey.set(`${p.in}:${p.name}`, p);
      const responses: Record<string, OperationResponse> = {};
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        responses[status] = readResponse(status, response, `${pointer}/responses/${escapePointer(status)}`, doc);
      }
      const extensions = Object.fromEntries(Object.entries(operation).filter(([key]) => key.startsWith('x-')));
      const bucket = extensions['x-rate-limit-bucket'];
      const pagination = extensions['x-pagination'] as Pagination | undefined;
      out.push({
        operationId,
        method: method.toUpperCase() as Uppercase<HttpMethod>,
        path,
        pointer,
        tags: operation.tags ?? [],
        ...(operation.summary !== undefined ? { summary: operation.summary } : {}),
        deprecated: operation.deprecated === true,
        security: operation.security ?? doc.security ?? [],
        parameters: [...byKey.values()],
        ...(operation.requestBody ? { requestBody: readBody(operation.requestBody, `${pointer}/requestBody`, doc) } : {}),
        responses,
        extensions,
        safeToRetry: extensions['x-safe-to-retry'] === true,
        ...alreadyExistsOf(operationId, extensions, responses),
        rateLimitBucket: typeof bucket === 'string' ? bucket : 'default',
        ...(pagination ? { pagination } : {}),
        operation,
      });
    }
  }
  checkAlreadyExistsReads(out);
  return Object.freeze(out);
}

/** `x-already-exists` of an operation: its status a documented response, its record field named. */
function alreadyExistsOf(
  operationId: string,
  extensions: Record<string, unknown>,
  responses: Record<string, OperationResponse>,
): { alreadyExists?: AlreadyExists } {
  const mark = extensions['x-already-exists'] as Partial<AlreadyExists> | undefined;
  if (mark === undefined) return {};
  const { status, record, read } = mark;
  if (typeof status !== 'number' || responses[String(status)] === undefined || typeof record !== 'string' || record === '')
    throw new Error(`${operationId}: x-already-exists needs the status of one of its responses and the record field of its body`);
  return { alreadyExists: { status, record, read: read as string } };
}

/** Every `x-already-exists` names a read (a GET without side effects) of the document as its read. */
function checkAlreadyExistsReads(ops: readonly Operation[]): void {
  for (const op of ops) {
    if (op.alreadyExists === undefined) continue;
    const reader = ops.find((other) => other.operationId === op.alreadyExists!.read);
    if (reader?.method !== 'GET' || reader.extensions['x-side-effects'] === true)
      throw new Error(`${op.operationId}: x-already-exists must name a read (a GET without side effects) as its read`);
  }
}

const cache = new WeakMap<OpenApiDocument, { list: readonly Operation[]; byId: Map<string, Operation> }>();

function tableOf(doc: OpenApiDocument): { list: readonly Operation[]; byId: Map<string, Operation> } {
  let table = cache.get(doc);
  if (!table) {
    const list = readOperations(doc);
    table = { list, byId: new Map(list.map((op) => [op.operationId, op])) };
    cache.set(doc, table);
  }
  return table;
}

/** Every operation of the document, in document order (read once per document and process). */
export function operations(doc: OpenApiDocument = loadSpec()): readonly Operation[] {
  return tableOf(doc).list;
}

/** The operation with this id; throws when the document has none. */
export function operation(operationId: string, doc: OpenApiDocument = loadSpec()): Operation {
  const found = tableOf(doc).byId.get(operationId);
  if (!found) throw new Error(`unknown operationId ${operationId}`);
  return found;
}

/** The operation with this id, or undefined. */
export function findOperation(operationId: string, doc: OpenApiDocument = loadSpec()): Operation | undefined {
  return tableOf(doc).byId.get(operationId);
}

/** The documented response key for a status: the exact code, then its range (`4XX`), then `default`. */
export function responseFor(op: Operation, status: number): OperationResponse | undefined {
  return op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;
}
