import { describe, expect, it } from 'vitest';
import { AJV_OPTIONS, runValidator, schemaValidator, validatorAt } from './ajv.js';
import type { OpenApiDocument } from './document.js';
import { operation } from './operations.js';
import { validateRequest, validateResponse } from './validate.js';

describe('validateResponse', () => {
  it('reports a wrong type, a missing property and an undocumented status', () => {
    expect(validateResponse('predictionGetTradingStatus', { status: 200, body: { trading_active: 'yes' } }).errors).toEqual([
      '/trading_active must be boolean',
    ]);
    expect(validateResponse('portfolioGetStakedPlatformToken', { status: 200, body: { unstaking: [] } }).errors.join()).toMatch(
      /stakedAmount is required/,
    );
    expect(validateResponse('triggerV2GetVault', { status: 418, body: {} })).toMatchObject({
      valid: false,
      errors: ['status 418 is not documented for triggerV2GetVault'],
    });
  });

  it('reports every error (allErrors)', () => {
    expect(AJV_OPTIONS.allErrors).toBe(true);
    const r = validateResponse('portfolioGetStakedPlatformToken', { status: 200, body: { unstaking: 'x' } });
    expect(r.errors.length).toBeGreaterThan(1);
    expect(r.details.length).toBe(r.errors.length);
  });

  it('reports an unknown value of an open enum as drift, and a wrong type as an error', () => {
    const doc: OpenApiDocument = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/s': {
          get: {
            operationId: 'getStatus',
            responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/S' } } } } },
          },
        },
      },
      components: {
        schemas: {
          S: {
            type: 'object',
            properties: {
              status: {
                anyOf: [
                  { type: 'string', enum: ['Success', 'Failed'] },
                  { type: 'string', 'x-unknown-enum-value': true },
                ],
              },
            },
          },
        },
      },
    };
    expect(validateResponse('getStatus', { status: 200, body: { status: 'Success' } }, doc)).toMatchObject({ valid: true, drift: [] });
    expect(validateResponse('getStatus', { status: 200, body: { status: 'Refunded' } }, doc)).toMatchObject({
      valid: true,
      drift: [{ path: '/status', value: 'Refunded' }],
    });
    expect(validateResponse('getStatus', { status: 200, body: { status: 3 } }, doc).valid).toBe(false);
  });
});

describe('validateRequest', () => {
  it('accepts a good request and names what is missing or wrong', () => {
    const op = operation('swapGetOrder');
    const query = {
      inputMint: 'D6gqDYHvpEparhs6TGfnXKtNEzVe48aLfmB6bKNjdKsD',
      outputMint: '7gQqK6wWf1gAc7f2R4oQ18Q4m6Vazr1umgktSGsnJZny',
      amount: '1000',
    };
    expect(validateRequest(op, { query }).errors).toEqual([]);
    expect(validateRequest(op, { query: { ...query, amount: undefined } }).errors).toEqual(['missing required query parameter amount']);
    expect(validateRequest(op, { query: { ...query, slippageBps: 'x' } }).errors[0]).toMatch(/^query parameter slippageBps: /);
    expect(validateRequest('swapExecute', {}).errors).toEqual(['missing required request body']);
    expect(validateRequest('swapExecute', { body: { requestId: 1 } }).valid).toBe(false);
  });
});

describe('compiled validators', () => {
  it('are compiled once per schema and per pointer', () => {
    expect(validatorAt('#/components/schemas/TriggerV2Error')).toBe(validatorAt('#/components/schemas/TriggerV2Error'));
    const schema = { type: 'object', properties: { e: { $ref: '#/components/schemas/TriggerV2Error' } } };
    expect(schemaValidator(schema)).toBe(schemaValidator(schema));
    expect(runValidator(schemaValidator(schema), { e: { error: 'x' } }).valid).toBe(true);
    expect(runValidator(schemaValidator(schema), { e: { message: 'x' } }).valid).toBe(false);
  });

  it('limits int64 to safe integers and checks formats', () => {
    const int64 = schemaValidator({ type: 'integer', format: 'int64' });
    expect(int64(2 ** 53 - 1)).toBe(true);
    expect(int64(2 ** 60)).toBe(false);
    expect(schemaValidator({ type: 'string', format: 'date-time' })('yesterday')).toBe(false);
  });
});
