import { describe, expect, it } from 'vitest';
import { matchPriceOrder, pickPriceOrder, type PriceOrderFingerprint, type TriggerOrderRecord } from './find-price-order.js';

const WALLET = 'EwV78VBLEhDmtkHxBv6hcTBjrfhbM8b3n1cCELt4imKg';
const SENT = Date.UTC(2026, 0, 1, 12);

const fingerprint: PriceOrderFingerprint = {
  body: {
    orderType: 'oco',
    depositRequestId: 'deposit-1',
    depositSignedTx: 'AQ==',
    userPubkey: WALLET,
    inputMint: 'in',
    inputAmount: '100',
    outputMint: 'out',
    triggerMint: 'in',
    expiresAt: SENT + 3_600_000,
    tpPriceUsd: 2,
    slPriceUsd: 1,
    tpSlippageBps: 100,
    slSlippageBps: 200,
  },
  depositIds: ['deposit-1', 'walletSig', 'walletSig'],
  sentAt: SENT,
  clockSkewMs: 60_000,
};

function record(overrides: Partial<TriggerOrderRecord> = {}): TriggerOrderRecord {
  return {
    id: 'o',
    orderType: 'oco',
    orderState: 'open',
    userPubkey: WALLET,
    inputMint: 'in',
    initialInputAmount: '100',
    remainingInputAmount: '100',
    outputMint: 'out',
    triggerMint: 'in',
    expiresAt: SENT + 3_600_000,
    createdAt: SENT + 500,
    updatedAt: SENT + 500,
    ...overrides,
  };
}

describe('matchPriceOrder', () => {
  it('matches by value (weak) when every shown value agrees', () => {
    expect(matchPriceOrder(record(), fingerprint)).toBe('weak');
    expect(matchPriceOrder(record({ tpPriceUsd: 2, slPriceUsd: 1 }), fingerprint)).toBe('weak');
  });

  it('compares every price setting the spec marks, trailingBps among them; null is not shown', () => {
    expect(matchPriceOrder(record({ trailingBps: null }), fingerprint)).toBe('weak');
    expect(matchPriceOrder(record({ trailingBps: 150 }), fingerprint)).toBe('none');
    const trailing = { ...fingerprint, body: { ...fingerprint.body, trailingBps: 150 } };
    expect(matchPriceOrder(record({ trailingBps: 150 }), trailing)).toBe('weak');
    expect(matchPriceOrder(record({ trailingBps: 200 }), trailing)).toBe('none');
  });

  it('accepts a service clock slightly behind (within clockSkewMs)', () => {
    expect(matchPriceOrder(record({ createdAt: SENT - 59_000 }), fingerprint)).toBe('weak');
    expect(matchPriceOrder(record({ createdAt: SENT - 61_000 }), fingerprint)).toBe('none');
  });

  it('reads an ISO createdAt too (tolerant reader), and refuses an unreadable one', () => {
    expect(matchPriceOrder(record({ createdAt: new Date(SENT - 59_000).toISOString() as never }), fingerprint)).toBe('weak');
    expect(matchPriceOrder(record({ createdAt: new Date(SENT - 61_000).toISOString() as never }), fingerprint)).toBe('none');
    expect(matchPriceOrder(record({ createdAt: 'yesterday' as never }), fingerprint)).toBe('none');
    expect(matchPriceOrder(record({ createdAt: undefined }), fingerprint)).toBe('none');
  });

  it('matches for sure (strong) when the record names the deposit anywhere', () => {
    expect(matchPriceOrder(record({ expiresAt: 1, events: [{ type: 'created', txSignature: 'walletSig' }] }), fingerprint)).toBe('strong');
    expect(matchPriceOrder(record({ expiresAt: 1, depositRequestId: 'deposit-1' }), fingerprint)).toBe('strong');
  });

  it.each([
    ['another wallet', { userPubkey: 'someone' }],
    ['another deposit', { depositRequestId: 'deposit-9', events: [{ txSignature: 'walletSig' }] }],
    ['another type', { orderType: 'single' as const }],
    ['another stop-loss', { slPriceUsd: 1.5 }],
    ['another slippage', { tpSlippageBps: 1 }],
    ['another output', { outputMint: 'other' }],
  ])('rejects %s', (_name, overrides) => {
    expect(matchPriceOrder(record(overrides as Partial<TriggerOrderRecord>), fingerprint)).toBe('none');
  });
});

describe('pickPriceOrder', () => {
  it('picks the single weak match, refuses several, reports none', () => {
    expect(pickPriceOrder([record({ id: 'a' }), record({ id: 'b', outputMint: 'x' })], fingerprint)).toMatchObject({
      kind: 'found',
      match: 'weak',
    });
    expect(pickPriceOrder([record({ id: 'a' }), record({ id: 'b' })], fingerprint)).toEqual({ kind: 'ambiguous', candidates: ['a', 'b'] });
    expect(pickPriceOrder([record({ inputMint: 'x' })], fingerprint)).toEqual({ kind: 'missing' });
    expect(
      pickPriceOrder([record({ id: 'a' }), record({ id: 'b' }), record({ id: 'c', depositRequestId: 'deposit-1' })], fingerprint),
    ).toMatchObject({
      kind: 'found',
      record: { id: 'c' },
      match: 'strong',
    });
  });
});
