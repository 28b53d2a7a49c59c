// Validation of a request or a response against an operation of the document.
import { describeError, runValidator, schemaValidator, validatorAt, type EnumDrift, type ErrorObject } from './ajv.js';
import { loadSpec, type OpenApiDocument } from './document.js';
import { operation as operationById, responseFor, type Operation } from './operations.js';
import { deref } from './pointer.js';

export interface ValidationResult {
  valid: boolean;
  /** One line per problem (`/orders/0/status must be string`, `status 418 is not documented for ...`). */
  errors: string[];
  /** ajv's error objects of the schema mismatches. */
  details: ErrorObject[];
  /** Open-enum values outside their known list: additive drift, reported, never an error. */
  drift: EnumDrift[];
}

const result = (errors: string[], details: ErrorObject[] = [], drift: EnumDrift[] = []): ValidationResult => ({
  valid: errors.length === 0,
  errors,
  details,
  drift,
});

const opOf = (op: Operation | string, doc: OpenApiDocument): Operation => (typeof op === 'string' ? operationById(op, doc) : op);

export interface ResponseToValidate {
  status: number;
  /** The parsed JSON body (undefined when there is none). */
  body?: unknown;
}

/**
 * Checks an answer against an operation: the status must be documented (exact code, range or
 * `default`) and a JSON body must match that response's schema.
 */
export function validateResponse(
  op: Operation | string,
  response: ResponseToValidate,
  doc: OpenApiDocument = loadSpec(),
): ValidationResult {
  const operation = opOf(op, doc);
  const documented = responseFor(operation, response.status);
  if (!documented) return result([`status ${response.status} is not documented for ${operation.operationId}`]);
  if (documented.mediaTypes.length === 0) {
    return response.body === undefined ? result([]) : result([`status ${response.status} documents no body`]);
  }
  if (!documented.pointer) return result([]);
  const { valid, errors, drift } = runValidator(validatorAt(documented.pointer, doc), response.body);
  return valid ? result([], [], drift) : result(errors.map(describeError), errors, drift);
}

export interface RequestToValidate {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  header?: Record<string, unknown>;
  /** The parsed JSON body (undefined when there is none). */
  body?: unknown;
}

/** Checks a request (typed parameter values and the JSON body) against an operation. */
export function validateRequest(op: Operation | string, request: RequestToValidate, doc: OpenApiDocument = loadSpec()): ValidationResult {
  const operation = opOf(op, doc);
  const errors: string[] = [];
  const details: ErrorObject[] = [];
  for (const p of operation.parameters) {
    if (p.in === 'cookie') continue;
    const value = request[p.in]?.[p.name];
    if (value === undefined) {
      if (p.required === true || p.in === 'path') errors.push(`missing required ${p.in} parameter ${p.name}`);
      continue;
    }
    if (!p.schema) continue;
    const check = runValidator(schemaValidator(deref(p.schema, doc), doc), value);
    for (const e of check.errors) {
      details.push(e);
      errors.push(`${p.in} parameter ${p.name}: ${describeError(e)}`);
    }
  }
  const body = operation.requestBody;
  if (body) {
    if (request.body === undefined) {
      if (body.required) errors.push('missing required request body');
    } else if (body.pointer) {
      const check = runValidator(validatorAt(body.pointer, doc), request.body);
      for (const e of check.errors) {
        details.push(e);
        errors.push(`body: ${describeError(e)}`);
      }
    }
  } else if (request.body !== undefined) errors.push(`${operation.operationId} takes no request body`);
  return result(errors, details);
}
