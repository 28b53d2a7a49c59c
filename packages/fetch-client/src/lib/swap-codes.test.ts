// The error-code helpers against the spec's own `x-error-codes` tables.
import { loadSpec } from '@x/openapi/reader';
import type { SwapOrderResponse, SwapRouter } from '@x/types';
import { describe, expect, it } from 'vitest';
import {
  describeSwapExecuteCode,
  describeSwapOrderError,
  getSwapOrderFailure,
  isSwapExecuteSuccess,
  swapExecuteCodes,
  swapExecuteOutcome,
} from './swap-codes.js';

const spec = loadSpec() as any;
const orderTable: Array<{ routers: SwapRouter[]; code: number; meaning: string }> =
  spec.components.schemas.SwapOrderResponse.properties.errorCode['x-error-codes'];
const executeTable: Array<{ code: number; meaning: string; group: string; outcome: string }> =
  spec.components.schemas.SwapExecuteResponse.properties.code['x-error-codes'];

const base: SwapOrderResponse = {
  mode: 'ultra',
  inputMint: 'a',
  outputMint: 'b',
  inAmount: '1',
  outAmount: '1',
  swapMode: 'ExactIn',
  slippageBps: 50,
  routePlan: [],
  router: 'router_rfq',
  transaction: null,
  gasless: false,
  requestId: 'req-1',
  totalTime: 1,
  taker: null,
};

describe('describeSwapOrderError', () => {
  it('answers every row of the spec table', () => {
    expect(orderTable.length).toBeGreaterThan(0);
    for (const row of orderTable) for (const router of row.routers) expect(describeSwapOrderError(router, row.code)).toBe(row.meaning);
  });

  it('depends on the router: the same code means different things', () => {
    expect(describeSwapOrderError('router_onchain', 2)).toBe('insufficient native coin for gas');
    expect(describeSwapOrderError('router_rfq', 2)).toBe('missing associated token account');
    expect(describeSwapOrderError('router_c', 9)).toBeUndefined();
  });
});

describe('getSwapOrderFailure', () => {
  it('is undefined for a quote and for a built transaction', () => {
    expect(getSwapOrderFailure(base)).toBeUndefined();
    expect(getSwapOrderFailure({ ...base, taker: 't', transaction: 'AQ==' })).toBeUndefined();
  });

  it('explains the 200-with-errorCode answer', () => {
    const failed = { ...base, taker: 't', transaction: '', errorCode: 1 as const, errorMessage: 'Insufficient balance: 0.1 < 2' };
    expect(getSwapOrderFailure(failed)).toEqual({
      router: 'router_rfq',
      errorCode: 1,
      meaning: 'insufficient balance to fund the swap',
      message: 'Insufficient balance: 0.1 < 2',
      requestId: 'req-1',
    });
    expect(getSwapOrderFailure({ ...failed, errorMessage: undefined, error: 'dup' })?.message).toBe('dup');
  });
});

describe('swapExecuteOutcome', () => {
  it('reads the outcome of every row of the spec table', () => {
    for (const row of executeTable) expect(swapExecuteOutcome(row.code)).toBe(row.outcome);
  });

  it('matches the documented classes: 0 success, expiry and pending codes, every other code failed', () => {
    const byOutcome = (outcome: string) =>
      executeTable
        .filter((row) => row.outcome === outcome)
        .map((row) => row.code)
        .sort((a, b) => a - b);
    expect(byOutcome('success')).toEqual([0]);
    expect(byOutcome('expired')).toEqual([-2003, -1005]);
    expect(byOutcome('pending')).toEqual([-2001, -1006, -1001]);
    expect(swapExecuteOutcome(-3000)).toBe('failed');
    expect(swapExecuteOutcome(6002)).toBe('failed');
  });

  it('lists the codes of each outcome', () => {
    for (const outcome of ['success', 'pending', 'expired', 'failed'] as const) {
      expect(swapExecuteCodes(outcome)).toEqual(executeTable.filter((row) => row.outcome === outcome).map((row) => row.code));
    }
    expect(swapExecuteCodes('pending').sort((a, b) => a - b)).toEqual([-2001, -1006, -1001]);
  });
});

describe('describeSwapExecuteCode', () => {
  it('answers every row of the spec table', () => {
    for (const row of executeTable) expect(describeSwapExecuteCode(row.code)).toEqual(row);
  });

  it('groups unknown positive codes as program errors and leaves unknown negatives open', () => {
    expect(describeSwapExecuteCode(6002)).toEqual({ code: 6002, group: 'program', meaning: 'program error', outcome: 'failed' });
    expect(describeSwapExecuteCode(-3000)).toBeUndefined();
    expect(describeSwapExecuteCode(-2003)?.group).toBe('rfq');
  });

  it('success is status Success with code 0', () => {
    expect(isSwapExecuteSuccess({ status: 'Success', code: 0 })).toBe(true);
    expect(isSwapExecuteSuccess({ status: 'Failed', code: -1005 })).toBe(false);
  });
});
