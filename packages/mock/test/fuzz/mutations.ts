// Malformed requests built from the spec: each starts from the operation's example request and
// breaks one thing (a missing required value, a wrong type, a bad enum, a huge string, a bad JSON
// body, a bad path parameter, a wrong content type, a missing API key).
import { deref, type SpecOperation } from '../contract/support/spec-validator.js';
import type { HttpCall } from '../contract/support/http.js';
import type { Prng } from './prng.js';

type Obj = Record<string, any>;

export interface BaseRequest {
  pathParams: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
}

export interface FuzzCase {
  operationId: string;
  /** The mutator that made the case (e.g. `badJsonBody`). */
  kind?: string;
  mutation: string;
  call: HttpCall;
}

const HUGE = 'A'.repeat(200_000);
/** A JSON body just over the simulator's default body limit (1 MiB), serialized once: every oversized case sends these bytes. */
const OVERSIZED_BODY = JSON.stringify({ padding: 'A'.repeat(1_048_577) });
const ODD_STRINGS = ['', ' ', '%00', '../../etc', '💥', 'null', '-1', '1e309', '0x10', '{"a":1}', "' OR 1=1 --", 'A'.repeat(5_000)];

/** A value of the wrong kind for `schema`. */
function wrongValue(schema: Obj, prng: Prng): unknown {
  const s = deref(schema ?? {});
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  if (Array.isArray(s.enum)) return prng.pick(['NOT_AN_ENUM_VALUE', 12345, true]);
  switch (type) {
    case 'integer':
      return prng.pick(['not-a-number', 1.5, true, '12abc']);
    case 'number':
      return prng.pick(['not-a-number', true, [], 'NaN']);
    case 'boolean':
      return prng.pick(['maybe', 2, 'yes!']);
    case 'array':
      return prng.pick(['not-an-array', 17, { a: 1 }]);
    case 'object':
      return prng.pick(['not-an-object', 17, [1, 2]]);
    case 'string':
      if (s.pattern) return prng.pick(['!!not valid!!', '0OIl', 'x', 42]);
      return prng.pick([42, true, { nested: 'object' }]);
    default:
      return prng.pick([{ unexpected: true }, [1, 2, 3], -1]);
  }
}

function queryValue(value: unknown): string {
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function fillPath(template: string, params: Record<string, unknown>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

export interface OperationShape {
  op: SpecOperation;
  params: Obj[];
  bodySchema?: Obj;
  bodyRequired: boolean;
  /** The operation asks for the trigger v2 bearer token. */
  requiresJwt: boolean;
}

export function operationShape(op: SpecOperation): OperationShape {
  const params = [...(op.pathItem.parameters ?? []), ...(op.operation.parameters ?? [])].map((p: Obj) => deref(p));
  const requestBody = op.operation.requestBody ? deref(op.operation.requestBody) : undefined;
  const bodySchema = requestBody?.content?.['application/json']?.schema;
  const security: Obj[] = op.operation.security ?? [];
  const requiresJwt = security.some((requirement) => 'TriggerJwt' in requirement);
  return {
    op,
    params,
    ...(bodySchema ? { bodySchema: deref(bodySchema) } : {}),
    bodyRequired: requestBody?.required === true,
    requiresJwt,
  };
}

function baseCall(shape: OperationShape, base: BaseRequest, headers: Record<string, string>): HttpCall {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(base.query)) query[name] = queryValue(value);
  return {
    method: shape.op.method,
    path: fillPath(shape.op.path, base.pathParams),
    query,
    headers: { ...headers },
    ...(base.body !== undefined ? { body: base.body } : {}),
  };
}

type Mutator = (shape: OperationShape, base: BaseRequest, headers: Record<string, string>, prng: Prng) => FuzzCase | undefined;

const mutators: Record<string, Mutator> = {
  missingRequiredQuery(shape, base, headers) {
    const required = shape.params.filter((p) => p.in === 'query' && p.required);
    if (required.length === 0) return undefined;
    const call = baseCall(shape, base, headers);
    const drop = required[0]!.name as string;
    delete call.query![drop];
    return { operationId: shape.op.operationId, mutation: `missing query ${drop}`, call };
  },
  wrongQueryType(shape, base, headers, prng) {
    const params = shape.params.filter((p) => p.in === 'query');
    if (params.length === 0) return undefined;
    const param = prng.pick(params);
    const call = baseCall(shape, base, headers);
    call.query![param.name] = queryValue(wrongValue(param.schema, prng));
    return {
      operationId: shape.op.operationId,
      mutation: `wrong query ${param.name}=${String(call.query![param.name]).slice(0, 30)}`,
      call,
    };
  },
  hugeQuery(shape, base, headers, prng) {
    const params = shape.params.filter((p) => p.in === 'query');
    const call = baseCall(shape, base, headers);
    const name = params.length > 0 ? prng.pick(params).name : 'unexpected';
    call.query![name] = HUGE.slice(0, 6_000);
    return { operationId: shape.op.operationId, mutation: `huge query ${name}`, call };
  },
  oddQuery(shape, base, headers, prng) {
    const params = shape.params.filter((p) => p.in === 'query');
    if (params.length === 0) return undefined;
    const param = prng.pick(params);
    const call = baseCall(shape, base, headers);
    call.query![param.name] = prng.pick(ODD_STRINGS);
    return { operationId: shape.op.operationId, mutation: `odd query ${param.name}`, call };
  },
  badPathParam(shape, base, headers, prng) {
    const params = shape.params.filter((p) => p.in === 'path');
    if (params.length === 0) return undefined;
    const param = prng.pick(params);
    const value = prng.pick(['%', '%E0%A4%A', 'x'.repeat(3000), '..', '!!', '💥', ' ', '0']);
    const call = baseCall(shape, base, headers);
    // Bypass encodeURIComponent for the raw-percent cases: they must reach the server malformed.
    call.path = shape.op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
      name === param.name
        ? value.startsWith('%')
          ? value
          : encodeURIComponent(value)
        : encodeURIComponent(String(base.pathParams[name] ?? '')),
    );
    return { operationId: shape.op.operationId, mutation: `bad path ${param.name}=${value.slice(0, 12)}`, call };
  },
  wrongMethod(shape, base, headers, prng) {
    const unused = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => !shape.op.pathItem[m.toLowerCase()]);
    if (unused.length === 0) return undefined;
    const call = baseCall(shape, base, headers);
    call.method = prng.pick(unused);
    if (call.method === 'GET') delete call.body;
    return { operationId: shape.op.operationId, mutation: `method ${call.method}`, call };
  },
  missingApiKey(shape, base, headers) {
    const call = baseCall(shape, base, headers);
    delete call.headers!['x-api-key'];
    return { operationId: shape.op.operationId, mutation: 'missing x-api-key', call };
  },
  badBearer(shape, base, headers, prng) {
    if (!shape.requiresJwt || !headers.authorization) return undefined;
    const call = baseCall(shape, base, headers);
    call.headers!.authorization = prng.pick(['Bearer', 'Bearer not.a.jwt', 'Basic abc', 'Bearer a.b.c', `Bearer ${HUGE.slice(0, 4000)}`]);
    return { operationId: shape.op.operationId, mutation: 'bad bearer', call };
  },
  badJsonBody(shape, base, headers, prng) {
    if (!shape.bodySchema) return undefined;
    const call = baseCall(shape, base, headers);
    call.body = prng.pick(['{', '{"a":', 'not json', '[1,2', '\u0000', '{"a":1}}', '']);
    return { operationId: shape.op.operationId, mutation: `bad JSON ${JSON.stringify(call.body)}`, call };
  },
  wrongBodyKind(shape, base, headers, prng) {
    if (!shape.bodySchema) return undefined;
    const call = baseCall(shape, base, headers);
    call.body = JSON.stringify(prng.pick([null, [], 17, 'text', true, [{}]]));
    return { operationId: shape.op.operationId, mutation: `body ${String(call.body)}`, call };
  },
  missingRequiredField(shape, base, headers, prng) {
    const required: string[] = shape.bodySchema?.required ?? [];
    if (required.length === 0 || typeof base.body !== 'object' || base.body === null) return undefined;
    const field = prng.pick(required);
    const body = { ...(base.body as Obj) };
    delete body[field];
    const call = baseCall(shape, base, headers);
    call.body = body;
    return { operationId: shape.op.operationId, mutation: `missing body ${field}`, call };
  },
  wrongFieldType(shape, base, headers, prng) {
    const properties: Obj = shape.bodySchema?.properties ?? {};
    const names = Object.keys(properties);
    if (names.length === 0 || typeof base.body !== 'object' || base.body === null) return undefined;
    const field = prng.pick(names);
    const call = baseCall(shape, base, headers);
    call.body = { ...(base.body as Obj), [field]: wrongValue(properties[field], prng) };
    return { operationId: shape.op.operationId, mutation: `wrong body ${field}`, call };
  },
  hugeField(shape, base, headers, prng) {
    const properties: Obj = shape.bodySchema?.properties ?? {};
    const names = Object.keys(properties);
    if (names.length === 0 || typeof base.body !== 'object' || base.body === null) return undefined;
    const field = prng.pick(names);
    const call = baseCall(shape, base, headers);
    call.body = { ...(base.body as Obj), [field]: HUGE };
    return { operationId: shape.op.operationId, mutation: `huge body ${field}`, call };
  },
  wrongContentType(shape, base, headers, prng) {
    if (!shape.bodySchema) return undefined;
    const call = baseCall(shape, base, headers);
    call.body = JSON.stringify(base.body ?? {});
    call.headers!['content-type'] = prng.pick(['text/plain', 'application/x-www-form-urlencoded', 'application/xml']);
    return { operationId: shape.op.operationId, mutation: `content-type ${call.headers!['content-type']}`, call };
  },
  oversizedBody(shape, base, headers) {
    if (!shape.bodySchema) return undefined;
    const call = baseCall(shape, base, headers);
    call.body = OVERSIZED_BODY;
    return { operationId: shape.op.operationId, mutation: 'body over the 1 MiB limit', call };
  },
  missingBody(shape, base, headers) {
    if (!shape.bodyRequired) return undefined;
    const call = baseCall(shape, base, headers);
    delete call.body;
    return { operationId: shape.op.operationId, mutation: 'no body', call };
  },
};

export const mutationNames = Object.keys(mutators);

/** One malformed request for `shape`, or undefined when the chosen mutation does not apply. */
export function mutate(
  name: string,
  shape: OperationShape,
  base: BaseRequest,
  headers: Record<string, string>,
  prng: Prng,
): FuzzCase | undefined {
  const mutator = mutators[name];
  if (!mutator) throw new Error(`unknown mutation ${name}`);
  const made = mutator(shape, base, headers, prng);
  return made ? { ...made, kind: name } : undefined;
}
