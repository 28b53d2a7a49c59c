import { describe, expect, it } from 'vitest';
import { fixtures } from '../../../src/gen/fixtures.gen.js';
import { responseKeyFor, responseViolations, schemaViolations } from './spec-validator.js';

const json = (status: number, body: unknown) => ({ status, contentType: 'application/json', text: JSON.stringify(body) });

describe('spec validator', () => {
  it('accepts the spec’s own example', () => {
    expect(responseViolations('swapGetOrder', json(200, fixtures.swapGetOrder.examples.rfq.body))).toEqual([]);
  });

  it('reports a wrong type, a missing property and an undocumented status', () => {
    expect(responseViolations('predictionGetTradingStatus', json(200, { trading_active: 'yes' })).join()).toMatch(/boolean/);
    expect(responseViolations('portfolioGetStakedPlatformToken', json(200, { unstaking: [] })).join()).toMatch(/stakedAmount/);
    expect(responseViolations('triggerV2GetVault', json(418, { error: 'x' }))).toEqual([
      'status 418 is not documented for triggerV2GetVault',
    ]);
  });

  it('maps statuses to documented keys, falling back to default', () => {
    expect(responseKeyFor('swapGetOrder', 200)).toBe('200');
    expect(responseKeyFor('swapGetOrder', 418)).toBe('default');
    expect(responseKeyFor('triggerV2GetVault', 418)).toBeUndefined();
  });

  it('rejects a non-JSON body and a wrong content type', () => {
    expect(responseViolations('predictionGetTradingStatus', { status: 200, contentType: 'application/json', text: '{' })[0]).toMatch(
      /not JSON/,
    );
    expect(responseViolations('predictionGetTradingStatus', { status: 200, contentType: 'text/plain', text: '{}' })[0]).toMatch(
      /content-type/,
    );
  });

  it('validates named component schemas', () => {
    expect(schemaViolations('TriggerV2Error', { error: 'Unauthorized' })).toEqual([]);
    expect(schemaViolations('TriggerV2Error', { message: 'x' })).not.toEqual([]);
  });
});
