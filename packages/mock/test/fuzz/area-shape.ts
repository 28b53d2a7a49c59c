// The error body shape of each operation, as the component schemas its responses reference.
import { createErrorShapes } from '../../src/simulator/error-shapes.js';
import { buildOperations } from '../../src/simulator/operations.js';
import { bundledSpec } from '../../src/simulator/spec.js';
import { responseKeyFor, responseViolations, schemaViolations } from '../contract/support/spec-validator.js';
import type { HttpAnswer } from '../contract/support/http.js';

const shapes = createErrorShapes(bundledSpec, buildOperations(bundledSpec));

/** The component schema of an operation's errors for `status`: what the spec's responses reference (see the simulator's error-shapes.ts). */
export function areaErrorSchema(operationId: string, status = 400): string {
  const { schema } = shapes.forOperation(operationId, status);
  return schema === 'none' || schema === 'inline' ? 'UnauthorizedError' : schema;
}

/**
 * What is wrong with `answer` for `operationId`: a documented status must match its documented
 * schema; an undocumented error status (404 for a bad path, 413, 415, ...) must still carry the
 * area's error body.
 */
export function answerShapeViolations(operationId: string, answer: HttpAnswer): string[] {
  const key = responseKeyFor(operationId, answer.status);
  const documentedExactly = key !== undefined && key !== 'default';
  if (documentedExactly || answer.status < 400) return responseViolations(operationId, answer);
  if (!answer.contentType || !/json/.test(answer.contentType)) return [`error with content-type ${answer.contentType ?? '(none)'}`];
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return [`error body is not JSON: ${answer.text.slice(0, 80)}`];
  }
  const schema = areaErrorSchema(operationId, answer.status);
  return schemaViolations(schema, body).map((v) => `${schema}: ${v}`);
}
