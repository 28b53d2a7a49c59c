// The catalogue of operations (see generate-catalogue.ts, which writes it to src/gen/) built from
// one OpenAPI document and the client's operation tables: a pure function, so a test can build the
// catalogue of a modified document (a trial operation) and see its command appear.
import type { CatalogueOperation, JsonSchemaObject } from '../src/catalogue-types.ts';
import { MARKET_DATA_KINDS, marketDataKindOf } from '@x/fetch-client/polite';
import { type JsonSchema, deref, type OpenApiDocument, type Operation, operations, requestExample } from '@x/openapi/reader';

/** The client's generated tables the catalogue reads: which operations take a bearer token, which page. */
export interface ClientTables {
  bearerOperations: ReadonlyArray<string>;
  pagedOperations: Readonly<Record<string, { style: string; items: string }>>;
}

const COMPONENT = '#/components/schemas/';

/** Keys of the spec's schemas that are not JSON Schema (OpenAPI annotations, our extensions). */
const dropKey = (key: string) =>
  key.startsWith('x-') || key === 'example' || key === 'discriminator' || key === 'xml' || key === 'externalDocs';

const JSON_SCHEMA_FORMATS = new Set([
  'date-time',
  'date',
  'time',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uri-reference',
  'uuid',
  'regex',
]);

/** A JSON Schema copy: extensions and OpenAPI-only keywords dropped, `$ref`s pointed into `$defs`. */
function clean(node: unknown, used: Set<string>): any {
  if (Array.isArray(node)) return node.map((item) => clean(item, used));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (dropKey(key)) continue;
    // OpenAPI's own formats (int64, int32, ...) are not JSON Schema formats; validators would warn.
    if (key === 'format' && !JSON_SCHEMA_FORMATS.has(String(value))) continue;
    if (key === '$ref') {
      if (typeof value !== 'string' || !value.startsWith(COMPONENT)) throw new Error(`unexpected $ref ${String(value)}`);
      const name = value.slice(COMPONENT.length);
      used.add(name);
      out.$ref = `#/$defs/${name}`;
      continue;
    }
    out[key] = key === 'properties' || key === '$defs' ? cleanMap(value as Record<string, unknown>, used) : clean(value, used);
  }
  return out;
}
const cleanMap = (map: Record<string, unknown>, used: Set<string>) =>
  Object.fromEntries(Object.entries(map).map(([name, value]) => [name, clean(value, used)]));

/** Every component a schema reaches, transitively. */
function closure(direct: Set<string>, schemas: Record<string, unknown>): string[] {
  const all = new Set<string>();
  const queue = [...direct];
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (all.has(name)) continue;
    all.add(name);
    const used = new Set<string>();
    clean(schemas[name], used);
    queue.push(...used);
  }
  return [...all].sort();
}

/** `integer`, `string | null`, `integer | "rtse"`, `array of string`, ... */
function typeOf(node: unknown, doc: OpenApiDocument): string {
  const schema = deref(node as JsonSchema, doc) as Record<string, any>;
  if (!schema || typeof schema !== 'object') return 'any';
  if ('const' in schema) return JSON.stringify(schema.const);
  const branches = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (branches) return [...new Set(branches.map((b) => typeOf(b, doc)))].join(' | ');
  if (Array.isArray(schema.enum)) return schema.enum.map((v: unknown) => JSON.stringify(v)).join(' | ');
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes('array')) return `array of ${typeOf(schema.items, doc)}`;
  if (types.length === 0) return schema.properties ? 'object' : 'any';
  return types.join(' | ');
}

/** The spec's rules of a value, in words: `pattern ^[0-9]+$`, `0 to 10000`, `format uuid`, `default 50`. */
function rulesOf(node: unknown, doc: OpenApiDocument): string[] {
  const schema = deref(node as JsonSchema, doc) as Record<string, any>;
  if (!schema || typeof schema !== 'object') return [];
  const rules: string[] = [];
  const branches = (schema.anyOf ?? schema.oneOf ?? schema.allOf) as unknown[] | undefined;
  if (branches) rules.push(...branches.flatMap((b) => rulesOf(b, doc)));
  if (schema.format) rules.push(`format ${schema.format}`);
  if (schema.pattern) rules.push(`pattern ${schema.pattern}`);
  if (schema.minimum !== undefined && schema.maximum !== undefined) rules.push(`${schema.minimum} to ${schema.maximum}`);
  else if (schema.minimum !== undefined) rules.push(`at least ${schema.minimum}`);
  else if (schema.maximum !== undefined) rules.push(`at most ${schema.maximum}`);
  if (schema.exclusiveMinimum !== undefined) rules.push(`above ${schema.exclusiveMinimum}`);
  if (schema.exclusiveMaximum !== undefined) rules.push(`below ${schema.exclusiveMaximum}`);
  if (schema.minLength !== undefined) rules.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) rules.push(`at most ${schema.maxLength} characters`);
  if (schema.minItems !== undefined) rules.push(`at least ${schema.minItems} items`);
  if (schema.maxItems !== undefined) rules.push(`at most ${schema.maxItems} items`);
  if (schema.default !== undefined) rules.push(`default ${JSON.stringify(schema.default)}`);
  return [...new Set(rules)];
}

/** A field's own description, else the one of the schema it refers to. */
function descriptionOf(field: any, doc: OpenApiDocument): { description?: string } {
  const text = field?.description ?? (deref(field, doc) as any)?.description;
  return typeof text === 'string' ? { description: text.trim() } : {};
}

const kebab = (id: string) =>
  id
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();

function accessOf(op: Operation): { access: 'read' | 'prepare' | 'change'; preparesWhen?: string } {
  const prepares = op.extensions['x-prepares-transaction'] as true | { when: string } | undefined;
  const sideEffects = op.extensions['x-side-effects'] === true;
  if (prepares !== undefined && prepares !== true && sideEffects)
    throw new Error(`${op.operationId}: x-prepares-transaction { when } on an operation with side effects`);
  // One that prepares a transaction but also changes state (trigger v2 initiate-cancel) is a change.
  if (prepares === true) return { access: sideEffects ? 'change' : 'prepare' };
  if (prepares !== undefined) {
    if (!op.parameters.some((p) => p.name === prepares.when))
      throw new Error(`${op.operationId}: x-prepares-transaction names no parameter`);
    if (op.method !== 'GET') throw new Error(`${op.operationId}: x-prepares-transaction { when } on a ${op.method}`);
    return { access: 'read', preparesWhen: prepares.when };
  }
  return { access: op.method === 'GET' && !sideEffects ? 'read' : 'change' };
}

/** Whether `name` is a bearer security scheme of the document (what `x-sign-in` names). */
function isBearerScheme(doc: OpenApiDocument, name: unknown): name is string {
  const schemes = doc.components?.securitySchemes as Record<string, { type?: string; scheme?: string }> | undefined;
  const scheme = typeof name === 'string' ? schemes?.[name] : undefined;
  return scheme?.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer';
}

const successOf = (op: Operation) => Object.values(op.responses).find((r) => /^2\d\d$/.test(r.status));

/** The catalogue of every operation of `doc`, and the component schemas its schemas reach. */
export function buildCatalogue(
  doc: OpenApiDocument,
  { bearerOperations, pagedOperations }: ClientTables,
): { catalogue: CatalogueOperation[]; defs: Record<string, JsonSchemaObject> } {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, unknown>;
  const catalogue = operations(doc).map((op) => {
    const used = new Set<string>();
    const usedByAnswer = new Set<string>();
    const example = requestExample(op, { optional: true }, doc);
    const parameters = op.parameters
      .filter((p) => p.in === 'path' || p.in === 'query')
      .map((p) => ({
        name: p.name,
        in: p.in as 'path' | 'query',
        required: p.required === true || p.in === 'path',
        ...(p.description ? { description: p.description.trim() } : {}),
        type: typeOf(p.schema, doc),
        rules: rulesOf(p.schema, doc),
        schema: clean(p.schema ?? {}, used),
        ...((example as any)[p.in]?.[p.name] !== undefined ? { example: (example as any)[p.in][p.name] } : {}),
      }));
    for (const name of ['body', 'json', 'all', 'include', 'help', 'base-url', 'api-key', 'bearer-token', 'timeout', 'retries']) {
      if (parameters.some((p) => p.name === name)) throw new Error(`${op.operationId}: parameter ${name} clashes with an option of x`);
    }
    // the arguments x-mcp adds to the reads whose answers hold lists (never sent to the API)
    for (const name of ['maxItems', 'fields']) {
      if (parameters.some((p) => p.name === name))
        throw new Error(`${op.operationId}: parameter ${name} clashes with an argument of x-mcp`);
    }
    const requestBody = op.requestBody;
    const bodySchema = requestBody?.schema ? (deref(requestBody.schema, doc) as Record<string, any>) : undefined;
    const body = requestBody
      ? {
          required: requestBody.required,
          schema: clean(requestBody.schema ?? {}, used),
          fields: Object.entries<any>(bodySchema?.properties ?? {}).map(([name, field]) => ({
            name,
            type: typeOf(field, doc),
            required: (bodySchema?.required ?? []).includes(name),
            ...descriptionOf(field, doc),
            rules: rulesOf(field, doc),
          })),
          ...(example.body !== undefined ? { example: example.body } : {}),
        }
      : undefined;
    const success = successOf(op);
    const successSchema = success?.schema ? (deref(success.schema, doc) as Record<string, any>) : undefined;
    const marked = (mark: string) =>
      Object.entries<any>(successSchema?.properties ?? {})
        .filter(([, field]) => field?.[mark] === true || (deref(field, doc) as any)?.[mark] === true)
        .map(([name]) => name);
    const unsignedTransactionFields = marked('x-unsigned-transaction');
    const sensitiveAnswerFields = marked('x-sensitive');
    const { access, preparesWhen } = accessOf(op);
    const agentSummary = op.operation['x-agent-summary'];
    if (typeof agentSummary !== 'string' || agentSummary.trim() === '')
      throw new Error(`${op.operationId}: x-agent-summary (the one or two sentences a model reads) is missing`);
    if (unsignedTransactionFields.length > 0 && op.extensions['x-prepares-transaction'] === undefined) {
      throw new Error(`${op.operationId}: its answer holds an unsigned transaction but the operation is not marked x-prepares-transaction`);
    }
    const signIn: unknown = op.operation['x-sign-in'];
    if (signIn !== undefined && !isBearerScheme(doc, signIn))
      throw new Error(`${op.operationId}: x-sign-in must name a bearer security scheme of the document`);
    const paged = pagedOperations[op.operationId];
    const mark = op.operation['x-market-data'];
    const marketData = marketDataKindOf(mark);
    if (mark !== undefined && marketData === undefined)
      throw new Error(`${op.operationId}: x-market-data must be one of ${MARKET_DATA_KINDS.join(', ')}`);
    return {
      operationId: op.operationId,
      command: kebab(op.operationId),
      area: op.tags[0] ?? 'Other',
      summary: op.summary ?? op.operationId,
      agentSummary: agentSummary.trim(),
      description: String(op.operation.description ?? '').trim(),
      method: op.method,
      path: op.path,
      deprecated: op.deprecated,
      access,
      ...(preparesWhen ? { preparesWhen } : {}),
      safeToRetry: op.safeToRetry,
      ...(op.alreadyExists ? { alreadyExists: op.alreadyExists } : {}),
      bearer: bearerOperations.includes(op.operationId),
      ...(typeof signIn === 'string' ? { signIn } : {}),
      ...(paged ? { paged } : {}),
      ...(marketData !== undefined ? { marketData } : {}),
      parameters,
      ...(body ? { body } : {}),
      ...(success ? { success: { status: Number(success.status), schema: clean(success.schema ?? {}, usedByAnswer) } } : {}),
      unsignedTransactionFields,
      sensitiveAnswerFields,
      defs: { request: closure(used, schemas), answer: closure(usedByAnswer, schemas) },
    };
  });

  const commands = new Set(catalogue.map((c) => c.command));
  if (commands.size !== catalogue.length) throw new Error('two operationIds give the same command name');
  const allDefs = new Set(catalogue.flatMap((c) => [...c.defs.request, ...c.defs.answer]));
  const defs = Object.fromEntries([...allDefs].sort().map((name) => [name, clean(schemas[name], new Set())]));
  return { catalogue, defs };
}
