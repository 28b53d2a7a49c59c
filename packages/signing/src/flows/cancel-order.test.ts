/**
 * Edge cases of the two-step cancel with a fake client.
 */
import { describe, expect, it } from 'vitest';
import { apiError, fakeClient, fakeTime, newSigner, transportError, type FakeHandler } from '../../test/fake-client.js';
import { buildTransaction, computeBudget, randomAddress, system, token } from '../../test/fixtures.js';
import { SigningError, TransactionRejectedError } from '../errors.js';
import { inspectTransaction } from '../inspect.js';
import type { Signer } from '../signers/types.js';
import { cancelPriceOrder } from './cancel-order.js';
import { DEFAULT_MAX_PRIORITY_FEE_LAMPORTS } from './fee-bound.js';
import { rejection } from '../../test/rejection.js';

const ID = '7f1c5e2a-1b2c-4d3e-8f90-123456789abc';
const notReady = apiError(400, { error: 'Order is not ready to cancel, retry shortly' });
const throws =
  (error: unknown): FakeHandler =>
  () => {
    throw error;
  };

function initiation(wallet: Signer, overrides: Record<string, unknown> = {}) {
  return {
    id: ID,
    transaction: buildTransaction({ version: 0, feePayer: wallet.address }).base64,
    cancelRequestId: 'cancel-1',
    ...overrides,
  };
}

async function setup(handlers: (wallet: Signer) => Record<string, FakeHandler | FakeHandler[]>) {
  const wallet = await newSigner();
  const fake = fakeClient({
    triggerV2CancelPriceOrder: () => initiation(wallet),
    triggerV2ConfirmCancelPriceOrder: () => ({ id: ID, txSignature: 'withdrawal-signature' }),
    ...handlers(wallet),
  });
  const time = fakeTime();
  return {
    wallet,
    fake,
    time,
    run: (extra: Record<string, unknown> = {}) => cancelPriceOrder({ client: fake.client, signer: wallet, orderId: ID, ...time, ...extra }),
  };
}

const failure = (promise: Promise<unknown>) => rejection(promise, SigningError);

describe('cancelPriceOrder', () => {
  it('confirms with the signed withdrawal and the cancelRequestId, for the order id in the path', async () => {
    const { fake, run } = await setup(() => ({}));
    const result = await run();
    const confirm = fake.calls.find((c) => c.op === 'triggerV2ConfirmCancelPriceOrder')!;
    expect(confirm.options.path).toEqual({ orderId: ID });
    expect(confirm.options.body).toEqual({ signedTransaction: result.signedTransaction, cancelRequestId: 'cancel-1' });
    expect(fake.calls[0]?.options.path).toEqual({ id: ID });
    expect(result.txSignature).toBe('withdrawal-signature');
    expect(inspectTransaction(result.signedTransaction).signers[0]?.signed).toBe(true);
  });

  it('without a bound of the caller, a withdrawal whose priority fee is above DEFAULT_MAX_PRIORITY_FEE_LAMPORTS is not signed', async () => {
    const withFee = (wallet: Signer) =>
      buildTransaction({
        version: 0,
        feePayer: wallet.address,
        instructions: [computeBudget.limit(1_400_000), computeBudget.price(4_000_000n)], // 5 600 000 lamports
      }).base64;
    const { fake, run } = await setup((wallet) => ({
      triggerV2CancelPriceOrder: () => initiation(wallet, { transaction: withFee(wallet) }),
    }));
    const error = await rejection(run(), TransactionRejectedError, 'PRIORITY_FEE_TOO_HIGH');
    expect(error.details).toMatchObject({ maxPriorityFeeLamports: String(DEFAULT_MAX_PRIORITY_FEE_LAMPORTS) });
    expect(fake.count('triggerV2ConfirmCancelPriceOrder')).toBe(0);
    await run({ withdrawalExpectations: { maxPriorityFeeLamports: 6_000_000 } }); // the caller may raise it
    expect(fake.count('triggerV2ConfirmCancelPriceOrder')).toBe(1);
  });

  it('takes the cancel request id from `requestId`, the field published answers carry', async () => {
    const { fake, run } = await setup((wallet) => ({
      triggerV2CancelPriceOrder: () => initiation(wallet, { cancelRequestId: undefined, requestId: 'wire-request-1' }),
    }));
    const result = await run();
    const confirm = fake.calls.find((c) => c.op === 'triggerV2ConfirmCancelPriceOrder')!;
    expect(confirm.options.body).toEqual({ signedTransaction: result.signedTransaction, cancelRequestId: 'wire-request-1' });
  });

  it('an answer with neither `cancelRequestId` nor `requestId` is not signed', async () => {
    const { fake, run } = await setup((wallet) => ({
      triggerV2CancelPriceOrder: () => initiation(wallet, { cancelRequestId: undefined }),
    }));
    const error = await failure(run());
    expect(error.code).toBe('UNEXPECTED_RESPONSE');
    expect(fake.count('triggerV2ConfirmCancelPriceOrder')).toBe(0);
  });

  it('backs off exponentially up to maxDelayMs while not ready', async () => {
    const { time, run } = await setup((wallet) => ({
      triggerV2CancelPriceOrder: [throws(notReady), throws(notReady), throws(notReady), throws(notReady), () => initiation(wallet)],
    }));
    const result = await run({ retry: { initialDelayMs: 1_000, maxDelayMs: 3_000 } });
    expect(result.attempts).toBe(5);
    expect(time.waits).toEqual([1_000, 2_000, 3_000, 3_000]);
  });

  it('retries transient failures (no answer, 5xx) and honours a 429 wait', async () => {
    const { time, run } = await setup((wallet) => ({
      triggerV2CancelPriceOrder: [
        throws(transportError('TimeoutError')),
        throws(apiError(500, { error: 'Failed to craft withdrawal' })),
        throws(apiError(429, { code: 429, message: 'slow' }, { retryAfterMs: 10_000 })),
        () => initiation(wallet),
      ],
    }));
    await run();
    expect(time.waits).toEqual([500, 1_000, 10_000]);
  });

  it('a 404 is not retried', async () => {
    const { fake, run } = await setup(() => ({ triggerV2CancelPriceOrder: throws(apiError(404, { error: 'Order not found' })) }));
    const error = await failure(run());
    expect(error.details).toMatchObject({ step: 'cancel', status: 404 });
    expect(fake.count('triggerV2CancelPriceOrder')).toBe(1);
  });

  it('an answer for another order is not signed', async () => {
    const { fake, run } = await setup((wallet) => ({ triggerV2CancelPriceOrder: () => initiation(wallet, { id: 'another' }) }));
    expect((await failure(run())).code).toBe('UNEXPECTED_RESPONSE');
    expect(fake.count('triggerV2ConfirmCancelPriceOrder')).toBe(0);
  });

  it('a withdrawal paid by someone else is refused by the signing checks; nothing is confirmed', async () => {
    const { fake, run } = await setup((wallet) => ({
      triggerV2CancelPriceOrder: () =>
        initiation(wallet, { transaction: buildTransaction({ version: 0, feePayer: randomAddress(), signers: [wallet.address] }).base64 }),
    }));
    expect((await failure(run())).code).toBe('UNEXPECTED_FEE_PAYER');
    expect(fake.count('triggerV2ConfirmCancelPriceOrder')).toBe(0);
  });

  it('a rejected confirm (400) is a REQUEST_FAILED of the confirm step, without a history look-up', async () => {
    const { fake, run } = await setup(() => ({
      triggerV2ConfirmCancelPriceOrder: throws(apiError(400, { error: 'Withdrawal validation failed' })),
    }));
    const error = await failure(run());
    expect(error.details).toMatchObject({ step: 'confirm', status: 400 });
    expect(fake.count('triggerV2GetOrderHistory')).toBe(0);
  });

  it('a lost confirm answer with the order still open in the history is a REQUEST_FAILED', async () => {
    const { fake, run } = await setup((wallet) => ({
      triggerV2ConfirmCancelPriceOrder: throws(transportError()),
      triggerV2GetOrderHistory: () => ({
        orders: [{ id: ID, orderState: 'pending_withdraw', userPubkey: wallet.address }],
        pagination: { total: 1, limit: 20, offset: 0 },
      }),
    }));
    const error = await failure(run());
    expect(error.details).toMatchObject({ step: 'confirm', status: null, orderId: ID, cancelRequestId: 'cancel-1' });
    // The signed withdrawal may still land: the error names it and says so.
    expect(typeof error.details.signature).toBe('string');
    expect(error.message).toMatch(/may still land/);
    expect(fake.calls.find((c) => c.op === 'triggerV2GetOrderHistory')?.options.query).toEqual({ id: ID });
    expect(fake.count('triggerV2ConfirmCancelPriceOrder')).toBe(1);
  });

  it('rejects a non-positive attempts option', async () => {
    const { run } = await setup(() => ({}));
    expect((await failure(run({ retry: { attempts: 0 } }))).code).toBe('INVALID_ARGUMENT');
  });
});

describe('cancelPriceOrder: the withdrawal only moves funds to the wallet', () => {
  const withdrawal = (wallet: Signer, ...instructions: Parameters<typeof buildTransaction>[0]['instructions'] & unknown[]) =>
    initiation(wallet, { transaction: buildTransaction({ version: 0, feePayer: wallet.address, instructions }).base64 });

  it('a withdrawal that also sends native coin to a third party is not signed: UNEXPECTED_TRANSFER', async () => {
    const { fake, run } = await setup((wallet) => ({
      triggerV2CancelPriceOrder: () => withdrawal(wallet, system.transfer(wallet.address, randomAddress(), 1_000_000n)),
    }));
    expect((await failure(run())).code).toBe('UNEXPECTED_TRANSFER');
    expect(fake.count('triggerV2ConfirmCancelPriceOrder')).toBe(0);
  });

  it('a withdrawal that closes a token account of the wallet to a third party is not signed: UNEXPECTED_TRANSFER', async () => {
    const { fake, run } = await setup((wallet) => ({
      triggerV2CancelPriceOrder: () => withdrawal(wallet, token.closeAccount(randomAddress(), randomAddress(), wallet.address)),
    }));
    expect((await failure(run())).code).toBe('UNEXPECTED_TRANSFER');
    expect(fake.count('triggerV2ConfirmCancelPriceOrder')).toBe(0);
  });

  it('closing a token account back to the wallet is fine', async () => {
    const { fake, run } = await setup((wallet) => ({
      triggerV2CancelPriceOrder: () => withdrawal(wallet, token.closeAccount(randomAddress(), wallet.address, wallet.address)),
    }));
    await run();
    expect(fake.count('triggerV2ConfirmCancelPriceOrder')).toBe(1);
  });
});
