// Validate stage: parameters and JSON bodies against the operation's schemas. The validators are
// compiled on an operation's first request and shared by every simulator of the process (see
// shared.ts). Query and path values arrive as text and are coerced to the schema's type first.
import { resolvePointer, type ValidateFunction } from '@x/openapi/reader';
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

/** Coerces query/path text to the first admitted type it parses as; text otherwise. */
export function coerce(raw: string, types: Set<string>): unknown {
  if (types.has('integer') && INTEGER.test(raw)) return Number(raw);
  if (types.has('number') && NUMBER.test(raw)) return Number(raw);
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
      const { params, bodyValidate } = (compiled ??= compile());
      const input: ValidatedInput = { path: {}, query: {}, body: undefined };
      for (const p of params) {
        const raw =
          p.location === 'path' ? pathParams[p.name] : p.location === 'query' ? (request.query.get(p.name) ?? undefined) : request.header(p.name);
        if (raw === undefined || (raw === '' && p.location !== 'path')) {
          if (p.required) throw new ApiError(400, `Missing required ${p.location} parameter ${p.name}`, { param: p.name, code: missingCode(op, p.name) });
          continue;
        }
        const value = coerce(raw, p.types);
        if (!p.validate(value)) {
          const detail = p.validate.errors?.[0];
          const reason = detail ? describeError(detail).replace(/^value /, '') : 'is invalid';
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
          const detail = bodyValidate.errors?.[0];
          const missing = detail?.keyword === 'required' && detail.instancePath === '' ? (detail.params as { missingProperty?: string }).missingProperty : undefined;
          const field = missing ?? detail?.instancePath.split('/')[1];
          throw new ApiError(400, `Invalid request body: ${detail ? describeError(detail) : 'does not match the schema'}`, {
            ...(field ? { param: field, code: missingCode(op, field, missing !== undefined) } : {}),
            details: { field: field ?? null, reason: detail ? describeError(detail) : 'invalid' },
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
