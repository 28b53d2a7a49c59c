import { describe, expect, it } from 'vitest';
import { specOperations } from '../contract/support/spec-validator.js';
import { answerShapeViolations, areaErrorSchema } from './area-shape.js';

const json = (status: number, body: unknown) => ({ status, contentType: 'application/json', text: JSON.stringify(body) });

describe('area error shapes, derived from the spec', () => {
  it('every operation has one, taken from its own error responses', () => {
    for (const op of specOperations) expect(areaErrorSchema(op.operationId), op.operationId).toMatch(/Error$/);
    expect(areaErrorSchema('swapGetOrder')).toBe('SwapOrderError');
    expect(areaErrorSchema('swapExecute')).toBe('SwapExecuteError');
    expect(areaErrorSchema('triggerV2VerifyChallenge')).toBe('TriggerV2Error');
    expect(areaErrorSchema('predictionGetMarket')).toBe('PredictionError');
  });

  it('accepts an undocumented error status in the area shape, and nothing else', () => {
    expect(answerShapeViolations('triggerV1Execute', json(413, { error: 'invalid request', cause: 'too large', code: 413 }))).toEqual([]);
    expect(answerShapeViolations('triggerV1Execute', json(413, { message: 'too large' }))).not.toEqual([]);
    expect(answerShapeViolations('tokensExecuteExpress', json(408, { status: 408, message: 'slow', error: 'Request Timeout' }))).toEqual(
      [],
    );
    expect(answerShapeViolations('tokensExecuteExpress', json(408, { error: 'slow', code: 'TRANSACTION_EXPIRED' }))).toEqual([]);
    expect(answerShapeViolations('tokensExecuteExpress', json(408, { message: 'slow' }))).not.toEqual([]);
    expect(answerShapeViolations('swapGetBuild', { status: 431, contentType: 'text/plain', text: 'too large' })).not.toEqual([]);
  });
});
