// Request bodies of the trigger v2 flow (auth, deposit craft, price orders).
import { describe, expectTypeOf, it } from 'vitest';
import type {
  TriggerV2ChallengeRequest,
  TriggerV2ConfirmCancelPriceOrderData,
  TriggerV2CreatePriceOrderData,
  TriggerV2CreatePriceOrderRequest,
  TriggerV2DepositCraftRequest,
  TriggerV2GetOrderHistoryData,
  TriggerV2OrderRecord,
  TriggerV2UpdatePriceOrderData,
  TriggerV2VerifyRequest,
} from './index.js';

describe('trigger v2 bodies', () => {
  it('challenge type is message or transaction', () => {
    expectTypeOf<TriggerV2ChallengeRequest['type']>().toEqualTypeOf<'message' | 'transaction'>();
    expectTypeOf<TriggerV2VerifyRequest['type']>().toEqualTypeOf<'message' | 'transaction'>();
    // @ts-expect-error no other challenge type
    const bad: TriggerV2ChallengeRequest = { walletPubkey: 'w', type: 'email' };
    void bad;
  });

  it('deposit craft: orderType is open (known price and dca), orderSubType for price orders only', () => {
    expectTypeOf<TriggerV2DepositCraftRequest['orderType']>().toEqualTypeOf<'price' | 'dca' | (string & {})>();
    expectTypeOf<TriggerV2DepositCraftRequest['orderSubType']>().toEqualTypeOf<'single' | 'oco' | 'otoco' | undefined>();
    const dca: TriggerV2DepositCraftRequest = { userAddress: 'u', orderType: 'dca', inputMint: 'i', outputMint: 'o', amount: '1' };
    void dca;
    // @ts-expect-error orderType is enforced
    const missing: TriggerV2DepositCraftRequest = { userAddress: 'u', inputMint: 'i', outputMint: 'o', amount: '1' };
    void missing;
  });

  it('create price order: required core, optional legs', () => {
    expectTypeOf<TriggerV2CreatePriceOrderData['body']>().toEqualTypeOf<TriggerV2CreatePriceOrderRequest>();
    expectTypeOf<TriggerV2CreatePriceOrderRequest['expiresAt']>().toBeNumber();
    expectTypeOf<TriggerV2CreatePriceOrderRequest['triggerCondition']>().toEqualTypeOf<'above' | 'below' | undefined>();
    expectTypeOf<TriggerV2CreatePriceOrderRequest['tpPriceUsd']>().toEqualTypeOf<number | undefined>();
    const single: TriggerV2CreatePriceOrderRequest = {
      orderType: 'single',
      depositRequestId: 'r',
      depositSignedTx: 'AQ==',
      userPubkey: 'u',
      inputMint: 'i',
      inputAmount: '1',
      outputMint: 'o',
      triggerMint: 't',
      expiresAt: 1,
      triggerCondition: 'above',
      triggerPriceUsd: 1.5,
      slippageBps: 50,
    };
    void single;
    // @ts-expect-error the signed deposit transaction is required
    const noDeposit: TriggerV2CreatePriceOrderRequest = { ...single, depositSignedTx: undefined };
    void noDeposit;
  });

  it('update, cancel and history take their ids in the path or query', () => {
    expectTypeOf<TriggerV2UpdatePriceOrderData['path']>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<TriggerV2ConfirmCancelPriceOrderData['path']>().toEqualTypeOf<{ orderId: string }>();
    expectTypeOf<TriggerV2ConfirmCancelPriceOrderData['body']>().toMatchTypeOf<{ signedTransaction: string; cancelRequestId: string }>();
    type HistoryQuery = NonNullable<TriggerV2GetOrderHistoryData['query']>;
    expectTypeOf<HistoryQuery['limit']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<HistoryQuery['offset']>().toEqualTypeOf<number | undefined>();
  });

  it('order state is the documented union, open to states added later', () => {
    expectTypeOf<TriggerV2OrderRecord['orderState']>().toEqualTypeOf<
      'pending' | 'open' | 'executing' | 'filled' | 'pending_withdraw' | 'cancelled' | 'expired' | 'failed' | (string & {})
    >();
  });
});
