import { describe, expect, it } from 'vitest';
import { errorBody } from './error-body.js';
import { createErrorShapes } from './error-shapes.js';
import { ApiError } from './errors.js';
import { buildOperations } from './operations.js';
import { bundledSpec, type OpenApiDocument } from './spec.js';

const operations = buildOperations(bundledSpec);
const shapes = createErrorShapes(bundledSpec, operations);

describe('error shapes from the spec', () => {
  it('gives each operation the error schema its responses reference', () => {
    expect(shapes.forOperation('swapGetOrder', 400).schema).toBe('SwapOrderError');
    expect(shapes.forOperation('swapExecute', 400).schema).toBe('SwapExecuteError');
    expect(shapes.forOperation('triggerV1CreateOrder', 400).schema).toBe('TriggerV1Error');
    expect(shapes.forOperation('predictionGetMarket', 404).schema).toBe('PredictionError');
    expect(shapes.forOperation('triggerV2GetVault', 404).schema).toBe('TriggerV2Error');
  });

  it('uses the schema of the status when the operation documents one (swap execute 5xx)', () => {
    const server = shapes.forOperation('swapExecute', 500);
    expect(server.fields.has('code')).toBe(false);
    expect(errorBody(server, new ApiError(500, 'boom'), 'r')).toEqual({ error: 'boom' });
  });

  it('answers a path that matches no operation in the shape of its nearest operation', () => {
    expect(shapes.forPath('/prediction/v1/nothing').schema).toBe('PredictionError');
    expect(shapes.forPath('/trigger/v1/nothing').schema).toBe('TriggerV1Error');
    expect(shapes.forPath('/nowhere').schema).toBe('none');
  });

  it('fills the fields each schema declares', () => {
    const error = new ApiError(400, 'bad amount', { param: 'amount' });
    expect(errorBody(shapes.forOperation('swapGetOrder', 400), error, 'req-1')).toEqual({ requestId: 'req-1', error: 'bad amount' });
    expect(errorBody(shapes.forOperation('tokensExecuteExpress', 400), error, 'r')).toEqual({
      status: 400,
      message: 'bad amount',
      error: 'Bad Request',
    });
    expect(errorBody(shapes.forOperation('triggerV1Execute', 400), error, 'r')).toEqual({
      error: 'invalid request',
      cause: 'bad amount',
      code: 400,
    });
    expect(errorBody(shapes.forOperation('predictionGetMarket', 400), error, 'abcd')).toMatchObject({
      message: 'bad amount',
      code: 'invalid_parameter',
      param: 'amount',
    });
  });

  it('follows a new error schema without code changes', () => {
    const doc = structuredClone(bundledSpec) as OpenApiDocument;
    const schemas = (doc.components as { schemas: Record<string, unknown> }).schemas;
    schemas.NewAreaError = {
      type: 'object',
      required: ['message', 'code'],
      properties: { message: { type: 'string' }, code: { type: 'string' } },
    };
    const op = doc.paths['/lend/v1/borrow/vaults']!.get as { responses: Record<string, unknown> };
    op.responses.default = {
      description: 'error',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/NewAreaError' } } },
    };
    const derived = createErrorShapes(doc, buildOperations(doc));
    const body = errorBody(derived.forOperation('lendGetBorrowVaults', 404), new ApiError(404, 'no such vault'), 'r');
    expect(body).toEqual({ message: 'no such vault', code: 'not_found' });
  });
});
