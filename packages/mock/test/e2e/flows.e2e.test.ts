// End to end: swap, trigger v2 and prediction flows driven through @x/fetch-client (one method per
// operationId) against the simulator, with real keys and real signatures (@solana/kit).
import { ApiError, createClient } from '@x/fetch-client';
import {
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  signBytes,
  type SignatureBytes,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCreateSimulator, startSimulator, type RunningSimulator } from '../contract/support/simulator.js';
import { MINTS } from '../contract/support/values.js';
import { randomWallet, type TestWallet } from '../contract/support/wallet.js';

const API_KEY = 'e2e-key';
const createSimulator = await loadCreateSimulator();

/** The HTTP status of a failed call (undefined for a transport failure or a success). */
const statusOf = (error: unknown): number | undefined => (error instanceof ApiError ? error.status : undefined);

/** The signer slots of a base64 wire transaction (address -> signed?). */
function signerSlots(base64: string): Record<string, boolean> {
  const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(base64));
  return Object.fromEntries(Object.entries(transaction.signatures).map(([address, signature]) => [address, signature !== null]));
}

describe.runIf(createSimulator !== undefined)('e2e through @x/fetch-client', () => {
  let running: RunningSimulator;

  beforeAll(async () => {
    running = await startSimulator({ seed: 7 });
  });
  afterAll(async () => {
    await running?.close();
  });

  it('swap: order, sign the returned transaction, execute (and poll again with the same request)', async () => {
    const x = createClient({ baseUrl: running.url, apiKey: API_KEY });
    const wallet = await randomWallet();
    const { data: order } = await x.swapGetOrder({
      query: { inputMint: MINTS.PLATFORM_TOKEN, outputMint: MINTS.STABLECOIN_USD, amount: '100000000', taker: wallet.address },
    });
    expect(order.transaction).toBeTruthy();
    expect(order.taker).toBe(wallet.address);
    // A real v0 transaction with an empty slot for the taker's signature.
    expect(signerSlots(order.transaction!)).toMatchObject({ [wallet.address]: false });

    const signedTransaction = await wallet.signTransaction(order.transaction!);
    expect(signerSlots(signedTransaction)[wallet.address]).toBe(true);
    const { data: executed } = await x.swapExecute({ body: { signedTransaction, requestId: order.requestId } });
    expect(executed.status).toBe('Success');
    expect(executed.code).toBe(0);
    expect(executed.signature).toBeTruthy();

    const { data: again } = await x.swapExecute({ body: { signedTransaction, requestId: order.requestId } });
    expect(again.signature).toBe(executed.signature);

    // The taker's slot filled with someone else's signature is refused.
    const intruder = await randomWallet();
    const { data: other } = await x.swapGetOrder({
      query: { inputMint: MINTS.PLATFORM_TOKEN, outputMint: MINTS.STABLECOIN_USD, amount: '100000000', taker: wallet.address },
    });
    const decoded = getTransactionDecoder().decode(getBase64Encoder().encode(other.transaction!));
    const wrong = (await signBytes(intruder.keyPair.privateKey, decoded.messageBytes)) as SignatureBytes;
    const forged = getBase64Decoder().decode(
      getTransactionEncoder().encode({ ...decoded, signatures: { ...decoded.signatures, [wallet.address]: wrong } }),
    );
    const refused = await x.swapExecute({
      body: { signedTransaction: forged, requestId: other.requestId },
      throwOnError: false,
      maxRetries: 0,
    });
    const code = refused.data?.code ?? (refused.error instanceof ApiError ? (refused.error.body as { code?: number }).code : undefined);
    expect(code).toBeDefined();
    expect(code).not.toBe(0);
  });

  it('trigger v2: login, vault, deposit, order, update, two-step cancel, confirm, history', async () => {
    const wallet: TestWallet = await randomWallet();
    const plain = createClient({ baseUrl: running.url, apiKey: API_KEY });
    let logins = 0;
    let token: string | undefined;
    const x = createClient({
      baseUrl: running.url,
      apiKey: API_KEY,
      bearer: {
        // Caches the token; runs the challenge-response flow once, or again when asked to refresh.
        async getToken(options) {
          if (token && !options?.refresh) return token;
          logins++;
          const { data: challenge } = await plain.triggerV2CreateChallenge({ body: { walletPubkey: wallet.address, type: 'message' } });
          const signature = await wallet.signMessage(challenge.challenge!);
          const { data } = await plain.triggerV2VerifyChallenge({ body: { type: 'message', walletPubkey: wallet.address, signature } });
          token = data.token;
          return token;
        },
      },
    });

    const { data: vault, status } = await x.triggerV2RegisterVault();
    expect(status).toBe(201);
    expect(vault.userPubkey).toBe(wallet.address);
    const again = await x.triggerV2RegisterVault({ throwOnError: false });
    expect(statusOf(again.error)).toBe(409);
    const { data: fetched } = await x.triggerV2GetVault();
    expect(fetched.vaultPubkey).toBe(vault.vaultPubkey);

    const { data: deposit } = await x.triggerV2CraftDeposit({
      body: {
        userAddress: wallet.address,
        orderType: 'price',
        orderSubType: 'single',
        inputMint: MINTS.NATIVE_COIN,
        outputMint: MINTS.STABLECOIN_USD,
        amount: '100000000',
      },
    });
    const { data: created } = await x.triggerV2CreatePriceOrder({
      body: {
        orderType: 'single',
        depositRequestId: deposit.requestId,
        depositSignedTx: await wallet.signTransaction(deposit.transaction),
        userPubkey: wallet.address,
        inputMint: MINTS.NATIVE_COIN,
        inputAmount: '100000000',
        outputMint: MINTS.STABLECOIN_USD,
        triggerMint: MINTS.NATIVE_COIN,
        expiresAt: running.now() + 7 * 86_400_000,
        triggerCondition: 'above',
        triggerPriceUsd: 180,
        slippageBps: 100,
      },
    });
    const id = created.id;
    await x.triggerV2UpdatePriceOrder({ path: { id }, body: { orderType: 'single', triggerPriceUsd: 185 } });

    const early = await x.triggerV2CancelPriceOrder({ path: { id }, throwOnError: false, maxRetries: 0 });
    expect(statusOf(early.error)).toBe(400);
    await running.advanceTime(10_000);
    const { data: cancel } = await x.triggerV2CancelPriceOrder({ path: { id } });
    const { data: confirmed } = await x.triggerV2ConfirmCancelPriceOrder({
      path: { orderId: id },
      body: { signedTransaction: await wallet.signTransaction(cancel.transaction), cancelRequestId: cancel.requestId ?? '' },
    });
    expect(confirmed.id).toBe(id);

    const orders = [];
    for await (const order of x.paginateTriggerV2GetOrderHistory({ limit: 1 })) orders.push(order);
    expect(orders.map((o) => [o.id, o.orderState])).toEqual([[id, 'cancelled']]);
    const patchClosed = await x.triggerV2UpdatePriceOrder({
      path: { id },
      body: { orderType: 'single', triggerPriceUsd: 190 },
      throwOnError: false,
    });
    expect(statusOf(patchClosed.error)).toBe(400);
    expect(logins).toBe(1);

    // An expired token answers 401; the client asks the provider for a new one and repeats the call.
    await running.advanceTime(25 * 3_600_000);
    const { data: afterExpiry } = await x.triggerV2GetVault();
    expect(afterExpiry.vaultPubkey).toBe(vault.vaultPubkey);
    expect(logins).toBe(2);
  });

  it('prediction: page through every event, then its market, order book and trading status', async () => {
    const x = createClient({ baseUrl: running.url, apiKey: API_KEY });
    const { data: first } = await x.predictionListEvents({ query: { start: 0, end: 7 } });
    const total = first.pagination.total;
    expect(total).toBeGreaterThan(7);

    const pages = [];
    for await (const page of x.paginatePredictionListEvents({ start: 0, end: 7 }).byPage()) pages.push(page);
    const events = pages.flatMap((p) => p.data);
    expect(pages.length).toBe(Math.ceil(total / 7));
    expect(events).toHaveLength(total);
    expect(new Set(events.map((e) => e.eventId)).size).toBe(total);
    expect(pages.at(-1)!.pagination.hasNext).toBe(false);

    const categories = new Set(events.map((e) => e.category));
    for (const category of ['crypto', 'sports', 'politics', 'esports', 'culture', 'economics', 'tech'])
      expect(categories).toContain(category);

    const { data: event } = await x.predictionGetEvent({ path: { eventId: events[0]!.eventId } });
    const marketId = event.markets?.[0]?.marketId;
    expect(marketId).toBeTruthy();
    const { data: market } = await x.predictionGetMarket({ path: { marketId: marketId! } });
    expect(market.marketId).toBe(marketId);
    const { data: book } = await x.predictionGetOrderbook({ path: { marketId: marketId! } });
    for (const side of [book.yes, book.no]) {
      const prices = (side ?? []).map((level) => level[0]);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
    }
    const { data: trading } = await x.predictionGetTradingStatus();
    expect(typeof trading.trading_active).toBe('boolean');
  });
});
