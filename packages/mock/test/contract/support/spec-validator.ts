// Validates answers against the bundled spec (spec/dist/openapi.json) with ajv: the status must be
// documented for the operation, and the JSON body must match that response's schema.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

type Obj = Record<string, any>;

export const specPath = fileURLToPath(new URL('../../../../../spec/dist/openapi.json', import.meta.url));
export const spec: Obj = JSON.parse(readFileSync(specPath, 'utf8'));

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const SPEC_ID = 'https://example.com/x/openapi.json';

export interface SpecOperation {
  operationId: string;
  method: string;
  path: string;
  /** JSON pointer (with `#`) of the operation inside the spec. */
  pointer: string;
  operation: Obj;
  pathItem: Obj;
}

const escape = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

export const specOperations: SpecOperation[] = [];
for (const [path, item] of Object.entries<Obj>(spec.paths)) {
  for (const method of METHODS) {
    const operation = item[method];
    if (!operation?.operationId) continue;
    specOperations.push({
      operationId: operation.operationId,
      method: method.toUpperCase(),
      path,
      pointer: `#/paths/${escape(path)}/${method}`,
      operation,
      pathItem: item,
    });
  }
}
export const operationById = new Map(specOperations.map((op) => [op.operationId, op]));

export function deref<T = Obj>(node: any): T {
  let current = node;
  for (let hops = 0; current && typeof current.$ref === 'string'; hops++) {
    if (hops > 20) throw new Error(`$ref cycle: ${node.$ref}`);
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce((acc: any, part: string) => acc?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], spec);
    if (current === undefined) throw new Error(`unresolved $ref ${node.$ref}`);
  }
  return current as T;
}

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
// ajv-formats is CommonJS; its default export is the plugin function.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (a: Ajv2020) => void;
addFormats(ajv);
ajv.addSchema(spec, SPEC_ID);

const compiled = new Map<string, ValidateFunction>();
function validatorAt(pointer: string): ValidateFunction {
  let validate = compiled.get(pointer);
  if (!validate) {
    validate = ajv.compile({ $ref: `${SPEC_ID}${pointer}` });
    compiled.set(pointer, validate);
  }
  return validate;
}

/** The documented response key for a status: the exact code, then its range (`4XX`), then `default`. */
export function responseKeyFor(operationId: string, status: number): string | undefined {
  const op = operationById.get(operationId);
  if (!op) throw new Error(`unknown operationId ${operationId}`);
  const responses: Obj = op.operation.responses ?? {};
  if (responses[String(status)]) return String(status);
  const range = `${String(status)[0]}XX`;
  if (responses[range]) return range;
  if (responses.default) return 'default';
  return undefined;
}

export interface Answer {
  status: number;
  contentType: string | null;
  /** Raw body text. */
  text: string;
}

/** Every way `answer` breaks the spec for `operationId` (empty when it conforms). */
export function responseViolations(operationId: string, answer: Answer): string[] {
  const op = operationById.get(operationId);
  if (!op) return [`unknown operationId ${operationId}`];
  const key = responseKeyFor(operationId, answer.status);
  if (!key) return [`status ${answer.status} is not documented for ${operationId}`];
  const response = deref(op.operation.responses[key]);
  const content: Obj | undefined = response.content;
  if (!content || Object.keys(content).length === 0) {
    return answer.text.length === 0 ? [] : [`status ${answer.status} documents no body, got ${answer.text.slice(0, 80)}`];
  }
  if (!content['application/json']?.schema) return [];
  if (!answer.contentType || !/application\/json/.test(answer.contentType)) {
    return [`content-type ${answer.contentType ?? '(none)'} is not application/json`];
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return [`body is not JSON: ${answer.text.slice(0, 80)}`];
  }
  // Point at the schema through the operation, so refs inside resolve against the whole spec.
  const responseRef = op.operation.responses[key].$ref as string | undefined;
  const pointer = responseRef
    ? `${responseRef}/content/application~1json/schema`
    : `${op.pointer}/responses/${escape(key)}/content/application~1json/schema`;
  const validate = validatorAt(pointer);
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}

/** Validates `value` against the schema at a JSON pointer of the spec (`#/components/schemas/X`, ...). */
export function pointerViolations(pointer: string, value: unknown): string[] {
  const validate = validatorAt(pointer);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`);
}

/** Validates `value` against a named component schema, e.g. `TriggerV2Error`. */
export function schemaViolations(schemaName: string, value: unknown): string[] {
  if (!spec.components?.schemas?.[schemaName]) return [`no schema named ${schemaName}`];
  const validate = validatorAt(`#/components/schemas/${escape(schemaName)}`);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`);
}
