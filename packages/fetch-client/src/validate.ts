// @x/fetch-client/validate: opt-in validation of every successful response body against the spec,
// with the valibot schemas hey-api generates from it (src/gen/valibot.gen.ts). Kept out of the
// main entry so the default bundle stays small; needs the optional peer dependency `valibot`.
//
//   import { createClient } from '@x/fetch-client';
//   import { responseValidator } from '@x/fetch-client/validate';
//   const x = createClient({ baseUrl, apiKey, responseValidator, logger: console });
//
// Breaking drift (a wrong type, a missing required field) fails the call with a
// `ResponseValidationError`; additive drift (an enum value or a field the spec does not list yet)
// is reported to `logger.warn` and never thrown: the service may add values tomorrow.
import type * as v from 'valibot';
import { operationIdByRoute } from './gen/operations.gen.js';
import * as schemas from './gen/valibot.gen.js';
import { driftOf } from './lib/drift.js';
import { ResponseValidationError, type ValidationIssue } from './lib/errors.js';
import { hookSecrets, redact } from './lib/log.js';
import type { ResponseValidator } from './lib/types.js';

const schemaTable = schemas as unknown as Record<string, v.GenericSchema | undefined>;

/** The generated schema of the success body of an operation (`GET /swap/v2/order`). */
function responseSchemaOf(operation: string): v.GenericSchema | undefined {
  const id = (operationIdByRoute as Record<string, string | undefined>)[operation];
  return id ? schemaTable[`v${id[0]!.toUpperCase()}${id.slice(1)}ResponseBody`] : undefined;
}

/**
 * The drift of a successful body of `operation` (`METHOD /path/template`) from the spec: each
 * issue with its `kind`, `breaking` or `additive`. Empty when the body matches; `undefined` for
 * an operation the spec does not have.
 */
export async function responseIssues(operation: string, data: unknown): Promise<ValidationIssue[] | undefined> {
  const schema = responseSchemaOf(operation);
  return schema && (await driftOf(schema, data));
}

/** An issue at a field the spec marks `x-sensitive` (the token), without the value it quotes. */
const hideSecret = (issue: ValidationIssue): ValidationIssue =>
  hookSecrets.includes(issue.path.split('.').pop()!)
    ? { ...issue, message: `${issue.message.split(':')[0]}: the value is not shown (x-sensitive)` }
    : issue;

/** The `responseValidator` of `createClient()`: breaking drift throws, additive drift is logged. */
export const responseValidator: ResponseValidator = async ({ operation, status, data, logger }) => {
  const issues = (await responseIssues(operation, data)) ?? [];
  const breaking = issues.filter((issue) => issue.kind === 'breaking').map(hideSecret);
  // The body goes with the error (to the caller, hooks, logs): without the token of auth verify.
  if (breaking.length > 0) throw new ResponseValidationError(operation, status, breaking, data && redact(data, hookSecrets));
  if (issues.length > 0) {
    logger?.warn?.(`${operation} answered with values or fields the spec does not list yet`, { operation, status, issues });
  }
};
