// The one JSON Schema setup of the project: ajv (draft 2020-12) with ajv-formats, one instance per
// document and process, the whole document registered once so that `$ref`s inside any schema
// taken out of it resolve. Compiled validators are cached per process.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { loadSpec, type JsonSchema, type OpenApiDocument } from './document.js';

export type { ErrorObject, ValidateFunction };

/** A response value outside the known values of an open enum (contract: additive drift, never an error). */
export interface EnumDrift {
  /** JSON pointer of the value inside the validated data (`/orders/0/status`). */
  path: string;
  value: unknown;
}

/** Marks the catch-all branch of an open response enum (`anyOf: [{enum}, {type, x-unknown-enum-value: true}]`). */
export const UNKNOWN_ENUM_VALUE = 'x-unknown-enum-value';

type AjvClass = typeof Ajv2020.default;
type AjvInstance = InstanceType<AjvClass>;
type AddFormats = typeof addFormats.default;
// ajv and ajv-formats are CommonJS: under Node their default export is the module object.
const AjvCtor = ((Ajv2020 as unknown as { default?: AjvClass }).default ?? Ajv2020) as AjvClass;
const withFormats = ((addFormats as unknown as { default?: AddFormats }).default ?? addFormats) as AddFormats;

const DOCUMENT_ID = 'x-openapi.json';

interface Checker {
  ajv: AjvInstance;
  bySchema: WeakMap<object, ValidateFunction>;
  byPointer: Map<string, ValidateFunction>;
}

const checkers = new WeakMap<OpenApiDocument, Checker>();
let driftSink: EnumDrift[] | undefined;

/** Catch-all branch of an open enum -> the values its sibling branches list. */
const knownValues = new WeakMap<object, Set<unknown>>();

/** Records, for every open-enum catch-all branch below `root`, the values its siblings list. */
function indexOpenEnums(root: unknown): void {
  const seen = new Set<object>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    const branches = (node as { anyOf?: unknown }).anyOf;
    if (Array.isArray(branches)) {
      const open = branches.filter((b) => b && typeof b === 'object' && (b as Record<string, unknown>)[UNKNOWN_ENUM_VALUE] === true);
      if (open.length > 0) {
        const known = new Set<unknown>();
        for (const b of branches as Array<Record<string, unknown>>) {
          if (Array.isArray(b?.enum)) for (const v of b.enum) known.add(v);
          if (b && 'const' in b) known.add(b.const);
        }
        for (const b of open) knownValues.set(b as object, known);
      }
    }
    for (const value of Object.values(node)) walk(value);
  };
  walk(root);
}

/** The options every validator of the project is compiled with. */
export const AJV_OPTIONS = {
  strict: false, // OpenAPI keywords (example, discriminator, x-*) sit beside JSON Schema's
  allErrors: true,
  validateFormats: true,
  validateSchema: false,
  logger: false,
} as const;

function createAjv(doc: OpenApiDocument): AjvInstance {
  const ajv = new AjvCtor(AJV_OPTIONS);
  withFormats(ajv);
  // ajv-formats' int64 accepts any integer; a JSON number is exact only up to 2^53.
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
  ajv.addKeyword({
    keyword: UNKNOWN_ENUM_VALUE,
    schemaType: 'boolean',
    errors: false,
    // Under JSON Schema 2020-12 ajv evaluates every branch of an `anyOf` (to track evaluated
    // properties), so the catch-all also runs for known values: only unlisted ones are drift.
    validate: (flag: boolean, data: unknown, parent?: unknown, cxt?: { instancePath: string }) => {
      if (flag && driftSink && !(parent && knownValues.get(parent as object)?.has(data)))
        driftSink.push({ path: cxt?.instancePath ?? '', value: data });
      return true;
    },
  });
  ajv.addSchema(doc as object, DOCUMENT_ID);
  indexOpenEnums(doc.components);
  indexOpenEnums(doc.paths);
  return ajv;
}

function checkerOf(doc: OpenApiDocument): Checker {
  let checker = checkers.get(doc);
  if (!checker) {
    checker = { ajv: createAjv(doc), bySchema: new WeakMap(), byPointer: new Map() };
    checkers.set(doc, checker);
  }
  return checker;
}

function rebase(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rebase);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `${DOCUMENT_ID}${value}` : rebase(value);
  }
  return out;
}

function compileCopy(ajv: AjvInstance, copy: object): ValidateFunction {
  indexOpenEnums(copy);
  return ajv.compile(copy);
}

/** The compiled validator of a schema object taken from the document (its local `$ref`s resolve in it). */
export function schemaValidator(schema: JsonSchema, doc: OpenApiDocument = loadSpec()): ValidateFunction {
  const checker = checkerOf(doc);
  let validate = checker.bySchema.get(schema);
  if (!validate) {
    const ref = schema.$ref;
    validate =
      typeof ref === 'string' && ref.startsWith('#/') && Object.keys(schema).length === 1
        ? validatorAt(ref, doc)
        : compileCopy(checker.ajv, rebase(schema) as object);
    checker.bySchema.set(schema, validate);
  }
  return validate;
}

/** The compiled validator of the schema at a JSON pointer of the document (`#/components/schemas/X`). */
export function validatorAt(pointer: string, doc: OpenApiDocument = loadSpec()): ValidateFunction {
  const checker = checkerOf(doc);
  let validate = checker.byPointer.get(pointer);
  if (!validate) {
    if (!pointer.startsWith('#/')) throw new Error(`not a local JSON pointer: ${pointer}`);
    validate = checker.ajv.compile({ $ref: `${DOCUMENT_ID}${pointer}` });
    checker.byPointer.set(pointer, validate);
  }
  return validate;
}

/** Runs a validator, collecting the open-enum values it met outside their known list. */
export function runValidator(validate: ValidateFunction, value: unknown): { valid: boolean; errors: ErrorObject[]; drift: EnumDrift[] } {
  const outer = driftSink;
  const drift: EnumDrift[] = [];
  driftSink = drift;
  try {
    const valid = validate(value) as boolean;
    return { valid, errors: valid ? [] : [...(validate.errors ?? [])], drift };
  } finally {
    driftSink = outer;
  }
}

/** A one-line reading of an ajv error, e.g. `/params/makingAmount must match pattern "^[0-9]+$"`. */
export function describeError(error: ErrorObject): string {
  const where = error.instancePath || '';
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty?: string }).missingProperty;
    return `${where ? `${where}/` : ''}${missing} is required`;
  }
  if (error.keyword === 'additionalProperties') {
    const extra = (error.params as { additionalProperty?: string }).additionalProperty;
    return `${where ? `${where}/` : ''}${extra} is not allowed`;
  }
  if (error.keyword === 'enum') {
    const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues ?? [];
    return `${where || 'value'} must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`;
  }
  return `${where || 'value'} ${error.message ?? 'is invalid'}`;
}
