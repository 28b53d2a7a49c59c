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

/** The record without the given fields (left out, as the history may). */
function without(shown: TriggerOrderRecord, ...fields: (keyof TriggerOrderRecord)[]): TriggerOrderRecord {
  const copy: Record<string, unknown> = { ...shown };
  for (const field of fields) delete copy[field];
  return copy as TriggerOrderRecord;
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
  });

  // gap-facts: only id, orderType, orderState, userPubkey, inputMint and outputMint are always
  // present; expiresAt may be null. A field the record leaves out is not shown, not a mismatch.
  it.each([
    ['without triggerMint', without(record(), 'triggerMint')],
    ['without initialInputAmount', without(record(), 'initialInputAmount')],
    ['with expiresAt null', record({ expiresAt: null })],
    ['without expiresAt', without(record(), 'expiresAt')],
    ['without createdAt (updatedAt is the time shown)', without(record(), 'createdAt')],
    ['with createdAt null (updatedAt is the time shown)', record({ createdAt: null as never })],
    [
      'with only the fields always present and updatedAt',
      without(record(), 'triggerMint', 'initialInputAmount', 'remainingInputAmount', 'expiresAt', 'createdAt'),
    ],
  ])('matches by value (weak) a record %s', (_name, shown) => {
    expect(matchPriceOrder(shown, fingerprint)).toBe('weak');
  });

  it('still rejects a triggerMint, amount or expiry the record shows and that differs', () => {
    expect(matchPriceOrder(record({ triggerMint: 'out' }), fingerprint)).toBe('none');
    expect(matchPriceOrder(record({ initialInputAmount: '99' }), fingerprint)).toBe('none');
    expect(matchPriceOrder(record({ expiresAt: SENT + 3_600_001 }), fingerprint)).toBe('none');
  });

  it('never picks an older identical order: the time shown (createdAt, else updatedAt) must follow the request', () => {
    const older = SENT - 61_000;
    expect(matchPriceOrder(record({ createdAt: older, updatedAt: SENT + 500 }), fingerprint)).toBe('none');
    expect(matchPriceOrder(without(record({ updatedAt: older }), 'createdAt'), fingerprint)).toBe('none');
    expect(
      matchPriceOrder(
        without(record({ updatedAt: older, expiresAt: null }), 'createdAt', 'triggerMint', 'initialInputAmount'),
        fingerprint,
      ),
    ).toBe('none');
    // Without any time, values alone cannot tell it from an older identical order.
    expect(matchPriceOrder(without(record(), 'createdAt', 'updatedAt'), fingerprint)).toBe('none');
    expect(
      matchPriceOrder(without(record({ expiresAt: null }), 'createdAt', 'updatedAt', 'triggerMint', 'initialInputAmount'), fingerprint),
    ).toBe('none');
    // A record naming the deposit needs no time.
    expect(matchPriceOrder(without(record({ depositRequestId: 'deposit-1' }), 'createdAt', 'updatedAt'), fingerprint)).toBe('strong');
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
    // An older identical order alone is never taken for the lost one, whatever the record leaves out.
    expect(pickPriceOrder([record({ id: 'old', createdAt: SENT - 86_400_000, updatedAt: SENT - 86_400_000 })], fingerprint)).toEqual({
      kind: 'missing',
    });
    expect(
      pickPriceOrder(
        [without(record({ id: 'old', expiresAt: null, updatedAt: SENT - 86_400_000 }), 'createdAt', 'triggerMint')],
        fingerprint,
      ),
    ).toEqual({
      kind: 'missing',
    });
    expect(
      pickPriceOrder([without(record({ id: 'old', expiresAt: null }), 'createdAt', 'updatedAt', 'initialInputAmount')], fingerprint),
    ).toEqual({
      kind: 'missing',
    });
    // Next to it, the new order (shown with gaps) is the one picked.
    expect(
      pickPriceOrder(
        [without(record({ id: 'new', expiresAt: null }), 'createdAt', 'triggerMint'), record({ id: 'old', createdAt: SENT - 86_400_000 })],
        fingerprint,
      ),
    ).toEqual({ kind: 'found', record: expect.objectContaining({ id: 'new' }), match: 'weak' });
    expect(
      pickPriceOrder([record({ id: 'a' }), record({ id: 'b' }), record({ id: 'c', depositRequestId: 'deposit-1' })], fingerprint),
    ).toMatchObject({
      kind: 'found',
      record: { id: 'c' },
      match: 'strong',
    });
  });
});
