// @x/fetch-client/validate: opt-in validation of every successful response body against the spec,
// with the valibot schemas hey-api generates from it (src/gen/valibot.gen.ts). Kept out of the
// main entry so the default bundle stays small; needs the optional peer dependency `valibot`.
//
//   import { createClient } from '@x/fetch-client';
//   import { responseValidator } from '@x/fetch-client/validate';
//   const x = createClient({ baseUrl, apiKey, responseValidator });
import * as v from 'valibot';
import { operationIdByRoute } from './gen/operations.gen.js';
import * as schemas from './gen/valibot.gen.js';
import type { ResponseValidator, ValidationIssue } from './lib/types.js';

type Schema = v.GenericSchema | v.GenericSchemaAsync;
const schemaTable = schemas as unknown as Record<string, Schema | undefined>;

/** The generated schema of the success body of an operation (`GET /swap/v2/order`). */
export function responseSchemaOf(operation: string): Schema | undefined {
  const id = (operationIdByRoute as Record<string, string | undefined>)[operation];
  if (!id) return undefined;
  return schemaTable[`v${id[0]!.toUpperCase()}${id.slice(1)}ResponseBody`];
}

function toIssues(issues: ReadonlyArray<v.BaseIssue<unknown>>): ValidationIssue[] {
  return issues.map((issue) => ({ path: v.getDotPath(issue) ?? '', message: issue.message }));
}

/** Validates a successful body; operations without a schema (unknown routes) pass unchecked. */
export const responseValidator: ResponseValidator = async ({ operation, data }) => {
  const schema = responseSchemaOf(operation);
  if (!schema) return undefined;
  const result = await v.safeParseAsync(schema, data);
  return result.success ? undefined : toIssues(result.issues);
};
