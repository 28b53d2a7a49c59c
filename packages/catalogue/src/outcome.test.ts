import { ApiError, BadRequestError, ConnectionError, InternalServerError, TimeoutError } from '@x/fetch-client';
import { describe, expect, it } from 'vitest';
import { catalogue } from './gen/catalogue.gen.js';
import { outcomeUnknown } from './outcome.js';

const op = (id: string) => catalogue.find((o) => o.operationId === id)!;

describe('outcomeUnknown', () => {
  it('a change that failed without a readable answer may have been applied', () => {
    for (const error of [
      new TimeoutError('t', 'POST /tx/v1/submit', { timeoutMs: 1 } as never),
      new ConnectionError('c', 'POST /tx/v1/submit'),
    ])
      expect(outcomeUnknown(op('txSubmit'), error), error.name).toBe(true);
    expect(outcomeUnknown(op('txSubmit'), Object.setPrototypeOf({}, InternalServerError.prototype))).toBe(true);
  });

  it('an answered refusal, a read, a prepare: known not to have changed anything', () => {
    expect(outcomeUnknown(op('txSubmit'), Object.setPrototypeOf({}, BadRequestError.prototype))).toBe(false);
    expect(outcomeUnknown(op('txSubmit'), Object.setPrototypeOf({}, ApiError.prototype))).toBe(false);
    expect(outcomeUnknown(op('predictionGetTradingStatus'), new ConnectionError('c', 'GET /x'))).toBe(false);
    expect(outcomeUnknown(op('triggerV1CreateOrder'), new ConnectionError('c', 'POST /x'))).toBe(false);
  });
});
