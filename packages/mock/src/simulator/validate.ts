// Validate stage: parameters and JSON bodies against the operation's schemas. The validators are
// compiled on an operation's first request and shared by every simulator of the process (see
// shared.ts). Query and path values arrive as text and are coerced to the schema's type first.
import { resolvePointer, type ErrorObject, type ValidateFunction } from '@x/openapi/reader';
import { ApiError } from './errors.js';
import type { OperationInfo } from './operations.js';
import { describeError, type SchemaCompiler } from './schemas.js';
import { deref, type JsonSchema, type OpenApiDocument } from './spec.js';
import type { SimRequest } from './types.js';

export interface ValidatedInput {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

interface ParamCheck {
  name: string;
  location: 'query' | 'path' | 'header';
  required: boolean;
  types: Set<string>;
  validate: ValidateFunction;
}

export interface OperationValidator {
  validate(request: SimRequest, pathParams: Record<string, string>): ValidatedInput;
}

/** Types a schema admits (through type, const, enum, anyOf/oneOf/allOf branches). */
function admittedTypes(doc: OpenApiDocument, schema: JsonSchema | undefined, depth = 0): Set<string> {
  const out = new Set<string>();
  if (!schema || depth > 8) return out;
  const s = deref(doc, schema);
  const t = s.type;
  if (typeof t === 'string') out.add(t);
  if (Array.isArray(t)) for (const x of t) out.add(String(x));
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = s[key];
    if (Array.isArray(branches)) for (const b of branches) for (const x of admittedTypes(doc, b as JsonSchema, depth + 1)) out.add(x);
  }
  const values = 'const' in s ? [s.const] : Array.isArray(s.enum) ? s.enum : [];
  for (const v of values) out.add(v === null ? 'null' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v);
  return out;
}

const INTEGER = /^-?(0|[1-9][0-9]*)$/;
const NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$/;

/**
 * Coerces query/path text to the first admitted type it parses as; text otherwise. A number too
 * large for a double (`1e309`, 400 digits) stays text: as Infinity it would pass JSON Schema's
 * `integer` and `minimum` and reach the handlers.
 */
export function coerce(raw: string, types: Set<string>): unknown {
  const number = Number(raw);
  if (Number.isFinite(number)) {
    if (types.has('integer') && INTEGER.test(raw)) return number;
    // A fraction where an integer is admitted is a number too, so that the integer rule names it.
    if ((types.has('number') || types.has('integer')) && NUMBER.test(raw)) return number;
  }
  if (types.has('boolean') && (raw === 'true' || raw === 'false')) return raw === 'true';
  if (types.has('null') && raw === 'null') return null;
  return raw;
}

export function createOperationValidator(doc: OpenApiDocument, compiler: SchemaCompiler, op: OperationInfo): OperationValidator {
  let compiled: { params: ParamCheck[]; bodyValidate: ValidateFunction | undefined } | undefined;
  const compile = (): { params: ParamCheck[]; bodyValidate: ValidateFunction | undefined } => {
    const params: ParamCheck[] = [];
    for (const p of op.parameters) {
      if (p.in === 'cookie') continue;
      const schema = p.schema ? deref(doc, p.schema) : {};
      params.push({
        name: p.name,
        location: p.in,
        required: p.required === true || p.in === 'path',
        types: admittedTypes(doc, schema),
        validate: compiler.compile(schema),
      });
    }
    const bodySchema = op.bodyPointer ? (resolvePointer(op.bodyPointer, doc) as JsonSchema) : undefined;
    return { params, bodyValidate: bodySchema ? compiler.compile(bodySchema) : undefined };
  };

  return {
    validate(request, pathParams) {
      compiled ??= compile();
      const { params, bodyValidate } = compiled;
      const input: ValidatedInput = { path: {}, query: {}, body: undefined };
      for (const p of params) {
        const raw =
          p.location === 'path'
            ? pathParams[p.name]
            : p.location === 'query'
              ? (request.query.get(p.name) ?? undefined)
              : request.header(p.name);
        if (raw === undefined || (raw === '' && p.location !== 'path')) {
          if (p.required)
            throw new ApiError(400, `Missing required ${p.location} parameter ${p.name}`, { param: p.name, code: missingCode(op, p.name) });
          continue;
        }
        const value = coerce(raw, p.types);
        if (!p.validate(value)) {
          const reason = explainErrors(p.validate.errors ?? [], value).replace(/^value /, '');
          throw new ApiError(400, `Invalid ${p.name}: ${reason}`, { param: p.name });
        }
        if (p.location === 'path') input.path[p.name] = value;
        else if (p.location === 'query') input.query[p.name] = value;
      }
      if (bodyValidate) {
        const text = request.bodyText;
        if (text.trim() === '') {
          if (op.bodyRequired) throw new ApiError(400, 'Request body is required', { code: -5, param: 'body' });
          return input;
        }
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          throw new ApiError(400, 'Request body is not valid JSON', { param: 'body', code: -2 });
        }
        if (!bodyValidate(body)) {
          const errors = bodyValidate.errors ?? [];
          const detail = failedRule(errors);
          const missing =
            detail?.keyword === 'required' && detail.instancePath === ''
              ? (detail.params as { missingProperty?: string }).missingProperty
              : undefined;
          const field = missing ?? detail?.instancePath.split('/')[1];
          const reason = errors.length > 0 ? explainErrors(errors, body) : 'does not match the schema';
          throw new ApiError(400, `Invalid request body: ${reason}`, {
            ...(field ? { param: field, code: missingCode(op, field, missing !== undefined) } : {}),
            details: { field: field ?? null, reason },
          });
        }
        input.body = body;
      }
      return input;
    },
  };
}

/** Swap execute reports missing fields with its own codes (-4 requestId, -5 signedTransaction). */
function missingCode(op: OperationInfo, field: string, missing = true): number | undefined {
  if (op.operationId !== 'swapExecute') return undefined;
  if (field === 'requestId' && missing) return -4;
  if (field === 'signedTransaction' && missing) return -5;
  return -2;
}

// Which error to report. ajv reports every failing branch of an anyOf/oneOf, in schema order, then
// the anyOf itself: for `computeUnitPricePercentile=10001` (anyOf [string enum, integer 0..10000])
// the first error is the string branch's "must be string", although the value is an integer and
// what failed is the integer branch's maximum. A type mismatch inside a union only says that
// branch does not apply; the rule that failed is the error of the branch the value's type fits.

const UNION_KEYWORDS = new Set(['anyOf', 'oneOf', 'if', 'not']);
const depth = (error: ErrorObject): number => (error.instancePath === '' ? 0 : error.instancePath.split('/').length);

/** The error naming the rule that failed: deepest in the value first, a branch's rule before another branch's type mismatch. */
export function failedRule(errors: readonly ErrorObject[]): ErrorObject | undefined {
  const specific = errors.filter((e) => !UNION_KEYWORDS.has(e.keyword));
  if (specific.length === 0) return errors[0];
  // A branch whose type the value does not have is out, with every other error it reported
  // (ajv also reports that branch's enum, pattern, ...).
  const branchOf = (e: ErrorObject): string => e.schemaPath.slice(0, e.schemaPath.lastIndexOf('/'));
  const refused = new Set(specific.filter((e) => e.keyword === 'type').map((e) => `${e.instancePath} ${branchOf(e)}`));
  const applicable = specific.filter((e) => !refused.has(`${e.instancePath} ${branchOf(e)}`));
  // No branch takes the value's type: the type errors name what it may be (a branch's `const` or
  // `enum` error would name a rule of a branch that does not apply).
  const pool = applicable.length > 0 ? applicable : specific.filter((e) => e.keyword === 'type');
  const deepest = Math.max(...pool.map(depth));
  const candidates = pool.filter((e) => depth(e) === deepest);
  return candidates.find((e) => e.keyword !== 'type') ?? candidates[0];
}

/** The value at a JSON pointer of the instance. */
function valueAt(data: unknown, pointer: string): unknown {
  let node = data;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A one-line reason for a failed validation of `data`, naming the rule that failed. */
export function explainErrors(errors: readonly ErrorObject[], data: unknown): string {
  const rule = failedRule(errors);
  if (!rule) return 'value is invalid';
  const where = rule.instancePath || 'value';
  if (rule.keyword === 'type') {
    // Every branch refused the value's type: name all the types it may have.
    const types = [
      ...new Set(
        errors
          .filter((e) => e.keyword === 'type' && e.instancePath === rule.instancePath)
          .flatMap((e) => String((e.params as { type?: string | string[] }).type ?? '').split(',')),
      ),
    ];
    return `${where} must be ${types.join(' or ')}`;
  }
  const value = valueAt(data, rule.instancePath);
  const shown = typeof value === 'string' ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value) : String(value);
  const limit = (rule.params as { limit?: number | string }).limit;
  switch (rule.keyword) {
    case 'maximum':
      return `${where} ${shown} exceeds the maximum of ${limit}`;
    case 'exclusiveMaximum':
      return `${where} ${shown} must be below ${limit} (exclusive maximum)`;
    case 'minimum':
      return `${where} ${shown} is below the minimum of ${limit}`;
    case 'exclusiveMinimum':
      return `${where} ${shown} must be above ${limit} (exclusive minimum)`;
    case 'maxLength':
      return `${where} is longer than the maximum length of ${limit}`;
    case 'minLength':
      return `${where} is shorter than the minimum length of ${limit}`;
    case 'maxItems':
      return `${where} has more than the maximum of ${limit} items`;
    case 'minItems':
      return `${where} has fewer than the minimum of ${limit} items`;
    case 'multipleOf':
      return `${where} ${shown} is not a multiple of ${(rule.params as { multipleOf?: number }).multipleOf}`;
    default:
      return describeError(rule);
  }
}
