// The error body shape of each area (the seed's "Errors" table), as component schemas of the spec.
import { responseKeyFor, responseViolations, schemaViolations } from '../contract/support/spec-validator.js';
import type { HttpAnswer } from '../contract/support/http.js';

/** The component schema of an operation's area errors. Portfolio has none of its own: `{ error }`. */
export function areaErrorSchema(operationId: string): string {
  if (operationId === 'swapGetOrder') return 'SwapOrderError';
  if (operationId === 'swapGetBuild') return 'SwapBuildError';
  if (operationId === 'swapExecute') return 'SwapExecuteError';
  if (operationId.startsWith('tx')) return 'TxSubmitError';
  if (operationId.startsWith('tokens')) return 'ExpressVerificationError';
  if (operationId.startsWith('triggerV1')) return 'TriggerV1Error';
  if (operationId.startsWith('triggerV2')) return 'TriggerV2Error';
  if (operationId.startsWith('prediction')) return 'PredictionError';
  if (operationId.startsWith('lend')) return 'LendError';
  return 'UnauthorizedError';
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
  return schemaViolations(areaErrorSchema(operationId), body).map((v) => `${areaErrorSchema(operationId)}: ${v}`);
}
