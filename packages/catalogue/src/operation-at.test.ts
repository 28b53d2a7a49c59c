import { describe, expect, it } from 'vitest';
import { operationAt } from './operation-at.js';

describe('operationAt', () => {
  const find = operationAt('http://127.0.0.1:4010/api/');
  const at = (path: string, method = 'GET') => find(method, new URL(`http://127.0.0.1:4010/api${path}`));

  it("finds the operation behind the base URL's own path, with its x-market-data mark", () => {
    expect(at('/swap/v2/order?inputMint=a')?.operationId).toBe('swapGetOrder');
    expect(at('/swap/v2/order')?.marketData).toBe('quote');
    expect(at('/prediction/v1/events/abc')?.marketData).toBe('live');
    expect(at('/lend/v1/borrow/vaults')?.marketData).toBe('catalogue');
    expect(at('/prediction/v1/events/abc/score')?.marketData).toBe('live');
    expect(at('/trigger/v1/getTriggerOrders')?.marketData).toBeUndefined();
  });

  it('prefers a literal segment to a path parameter', () => {
    expect(at('/prediction/v1/events/scores')?.operationId).toBe('predictionGetEventScores');
  });

  it('tells a GET that changes state', () => {
    expect(at('/trigger/v2/vault/register')?.access).toBe('change');
  });

  it('is undefined for another method, an unknown path, or outside the base URL', () => {
    expect(at('/prediction/v1/events/abc', 'POST')).toBeUndefined();
    expect(at('/nothing/here')).toBeUndefined();
    expect(find('GET', new URL('http://127.0.0.1:4010/swap/v2/order'))).toBeUndefined();
  });
});
