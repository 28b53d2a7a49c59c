import { describe, expect, it } from 'vitest';
import { buildOperations } from './operations.js';
import { createRouter } from './router.js';
import { bundledSpec } from './spec.js';

const router = createRouter(buildOperations(bundledSpec));

describe('router', () => {
  it.each([
    ['GET', '/swap/v2/order', 'swapGetOrder', {}],
    ['POST', '/trigger/v2/orders/price', 'triggerV2CreatePriceOrder', {}],
    ['PATCH', '/trigger/v2/orders/price/abc', 'triggerV2UpdatePriceOrder', { id: 'abc' }],
    ['POST', '/trigger/v2/orders/price/cancel/abc', 'triggerV2CancelPriceOrder', { id: 'abc' }],
    ['GET', '/prediction/v1/events/search', 'predictionSearchEvents', {}],
    ['GET', '/prediction/v1/events/scores', 'predictionGetEventScores', {}],
    ['GET', '/prediction/v1/events/e%201', 'predictionGetEvent', { eventId: 'e 1' }],
    ['GET', '/prediction/v1/events/e1/score', 'predictionGetEventScore', { eventId: 'e1' }],
    ['GET', '/prediction/v1/events/e1/markets/m1', 'predictionGetEventMarket', { eventId: 'e1', marketId: 'm1' }],
    ['HEAD', '/lend/v1/borrow/vaults', 'lendGetBorrowVaults', {}],
  ])('%s %s → %s', (method, path, operationId, params) => {
    const match = router.match(method, path);
    expect(match.kind).toBe('operation');
    if (match.kind === 'operation') {
      expect(match.operation.operationId).toBe(operationId);
      expect(match.pathParams).toEqual(params);
    }
  });

  it('answers the same path asked again, by another method, or after other paths, alike', () => {
    const fresh = createRouter(buildOperations(bundledSpec));
    const get = fresh.match('GET', '/swap/v2/order');
    expect(fresh.match('GET', `/swap/v2/${'order'}`)).toBe(get);
    expect(fresh.match('POST', '/swap/v2/order')).toEqual({ kind: 'method-not-allowed', allowed: ['GET'] });
    expect(fresh.match('GET', '/swap/v2/build')).toMatchObject({ kind: 'operation', operation: { operationId: 'swapGetBuild' } });
    expect(fresh.match('GET', '/swap/v2/order')).toBe(get);
  });

  it('breaks a tie of equally specific templates by the first segment where they differ, a literal winning, whatever the order of the spec', () => {
    // `/events/suggested/{pubkey}` and `/events/{eventId}/score` both match this path with four literals.
    const path = '/prediction/v1/events/suggested/score';
    const operations = buildOperations(bundledSpec);
    for (const ordered of [operations, [...operations].reverse()]) {
      expect(createRouter(ordered).match('GET', path)).toMatchObject({
        kind: 'operation',
        operation: { operationId: 'predictionGetSuggestedEvents' },
        pathParams: { pubkey: 'score' },
      });
    }
  });

  it('tells a wrong method from an unknown path', () => {
    expect(router.match('POST', '/swap/v2/order')).toEqual({ kind: 'method-not-allowed', allowed: ['GET'] });
    expect(router.match('GET', '/swap/v3/order')).toEqual({ kind: 'not-found' });
    expect(router.match('GET', '/')).toEqual({ kind: 'not-found' });
  });

  it('knows the security of each operation', () => {
    const ops = buildOperations(bundledSpec);
    const jwt = ops.filter((o) => o.requiresJwt).map((o) => o.operationId);
    expect(jwt).toHaveLength(8);
    expect(jwt).not.toContain('triggerV2CreateChallenge');
    expect(jwt).not.toContain('triggerV2VerifyChallenge');
    expect(ops.every((o) => o.requiresApiKey)).toBe(true);
  });
});
