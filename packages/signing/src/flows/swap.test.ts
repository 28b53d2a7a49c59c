/**
 * Edge cases of the swap flow with a fake client: order checks, execute verdicts, polling bounds.
 */
import type { Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { apiError, fakeClient, fakeTime, newSigner, transportError, type FakeHandler } from '../../test/fake-client.js';
import {
  associatedTokenAddress,
  buildTransaction,
  computeBudget,
  randomAddress,
  rawInstruction,
  swapLikeInstruction,
  system,
  TOKEN_PROGRAM,
  token,
} from '../../test/fixtures.js';
import { type FlowError, SigningError, TransactionRejectedError } from '../errors.js';
import type { Signer } from '../signers/types.js';
import { DEFAULT_MAX_PRIORITY_FEE_LAMPORTS } from './fee-bound.js';
import { swap, type SwapOrder } from './swap.js';
import { rejection } from '../../test/rejection.js';

const INPUT = 'D6gqDYHvpEparhs6TGfnXKtNEzVe48aLfmB6bKNjdKsD';
const OUTPUT = '7gQqK6wWf1gAc7f2R4oQ18Q4m6Vazr1umgktSGsnJZny';
const params = { inputMint: INPUT, outputMint: OUTPUT, amount: '1000000' };
const NATIVE_MINT = 'So11111111111111111111111111111111111111112';

let serial = 0;
function orderFor(taker: Signer, overrides: Partial<SwapOrder> = {}, feePayer: Address = taker.address): SwapOrder {
  serial++;
  const signers = feePayer === taker.address ? [] : [taker.address];
  return {
    mode: 'ultra',
    inputMint: INPUT,
    outputMint: OUTPUT,
    inAmount: '1000000',
    outAmount: '499500',
    swapMode: 'ExactIn',
    slippageBps: 50,
    routePlan: [],
    router: 'router_onchain',
    transaction: buildTransaction({ version: 0, feePayer, signers }).base64,
    gasless: feePayer !== taker.address,
    requestId: `request-${serial}`,
    totalTime: 1,
    taker: taker.address,
    signatureFeePayer: feePayer,
    lastValidBlockHeight: '1000',
    ...overrides,
  } as SwapOrder;
}

const success = { status: 'Success', code: 0, signature: 'sig' };
const failed = (code: number) => ({ status: 'Failed', code, error: `failed ${code}` });

const failure = (promise: Promise<unknown>) => rejection(promise, SigningError);

async function setup(order: (signer: Signer) => SwapOrder | FakeHandler, execute: FakeHandler | FakeHandler[]) {
  const signer = await newSigner();
  const first = order(signer);
  const fake = fakeClient({ swapGetOrder: typeof first === 'function' ? first : () => first, swapExecute: execute });
  const time = fakeTime();
  return {
    signer,
    fake,
    time,
    run: (extra: Record<string, unknown> = {}) => swap({ client: fake.client, signer, order: params, ...time, ...extra }),
  };
}

describe('swap: checking the order', () => {
  it('sends the signer as taker and the order requestId, lastValidBlockHeight and signed transaction to execute', async () => {
    const { signer, fake, run } = await setup(
      (s) => orderFor(s),
      () => success,
    );
    const result = await run();
    expect(fake.calls[0]?.options.query).toEqual({ ...params, taker: signer.address });
    const body = fake.calls[1]?.options.body as Record<string, string>;
    expect(body).toEqual({ signedTransaction: result.signedTransaction, requestId: result.order.requestId, lastValidBlockHeight: '1000' });
    expect(fake.calls[1]?.options).toMatchObject({ throwOnError: false, maxRetries: 0 });
  });

  it.each([
    ['null (a quote without taker)', null],
    ['empty without errorCode', ''],
  ])('a transaction that is %s: UNEXPECTED_RESPONSE, nothing executed', async (_name, transaction) => {
    const { fake, run } = await setup(
      (s) => orderFor(s, { transaction }),
      () => success,
    );
    const error = await failure(run());
    expect(error.code).toBe('UNEXPECTED_RESPONSE');
    expect(fake.count('swapExecute')).toBe(0);
  });

  it('errorCode: SWAP_ORDER_FAILED with router, code, meaning and message', async () => {
    const { run } = await setup(
      (s) =>
        orderFor(s, { router: 'router_rfq', transaction: '', errorCode: 2, errorMessage: 'Missing account X', error: 'Missing account X' }),
      () => success,
    );
    const error = await failure(run());
    expect(error.code).toBe('SWAP_ORDER_FAILED');
    expect(error.details).toMatchObject({
      router: 'router_rfq',
      errorCode: 2,
      meaning: 'missing associated token account',
      message: 'Missing account X',
    });
    expect((error as FlowError).response).toMatchObject({ errorCode: 2 });
  });

  it.each([
    ['inputMint', { inputMint: OUTPUT }],
    ['outputMint', { outputMint: INPUT }],
    ['inAmount', { inAmount: '999' }],
  ])('an order for another %s is refused before signing', async (field, overrides) => {
    const { fake, run } = await setup(
      (s) => orderFor(s, overrides),
      () => success,
    );
    const error = await failure(run());
    expect(error.code).toBe('UNEXPECTED_RESPONSE');
    expect(error.details.field).toBe(field);
    expect(fake.count('swapExecute')).toBe(0);
  });

  describe('the slippage asked for (slippageBps)', () => {
    const asked = { ...params, slippageBps: 50 };
    it.each([
      ['a larger slippageBps', { slippageBps: 300, otherAmountThreshold: '485000' }, 'slippageBps'],
      [
        'a minimum output below outAmount less the slippage asked',
        { slippageBps: 50, otherAmountThreshold: '497001' },
        'otherAmountThreshold',
      ],
    ])('an order with %s is refused before signing', async (_name, overrides, field) => {
      // outAmount 499500: at 50 bps the minimum is 499500 * 9950 / 10000 = 497002 (rounded down).
      const { fake, run } = await setup(
        (s) => orderFor(s, overrides),
        () => success,
      );
      const error = await failure(run({ order: asked }));
      expect(error.code).toBe('UNEXPECTED_RESPONSE');
      expect(error.details).toMatchObject({ step: 'order', field });
      expect(fake.count('swapExecute')).toBe(0);
    });

    it('an order within it (or an RFQ quote with no slippage) is signed; without slippageBps asked, the service picks it', async () => {
      for (const overrides of [
        { slippageBps: 50, otherAmountThreshold: '497002' },
        { slippageBps: 0, otherAmountThreshold: '499500' },
      ]) {
        const { fake, run } = await setup(
          (s) => orderFor(s, overrides),
          () => success,
        );
        await run({ order: asked });
        expect(fake.count('swapExecute')).toBe(1);
      }
      const auto = await setup(
        (s) => orderFor(s, { slippageBps: 300, otherAmountThreshold: '485000' }),
        () => success,
      );
      await auto.run();
      expect(auto.fake.count('swapExecute')).toBe(1);
    });
  });

  it('a fee payer other than the signatureFeePayer announced is refused (UNEXPECTED_FEE_PAYER)', async () => {
    const announced = randomAddress();
    const { fake, run } = await setup(
      (s) => orderFor(s, { signatureFeePayer: announced }, randomAddress()),
      () => success,
    );
    const error = await failure(run());
    expect(error).toBeInstanceOf(TransactionRejectedError);
    expect(error.code).toBe('UNEXPECTED_FEE_PAYER');
    expect(fake.count('swapExecute')).toBe(0);
  });

  it('without signatureFeePayer the taker must pay', async () => {
    const { run } = await setup(
      (s) => orderFor(s, { signatureFeePayer: null }, randomAddress()),
      () => success,
    );
    expect((await failure(run())).code).toBe('UNEXPECTED_FEE_PAYER');
  });

  it('extra expectations apply (programs)', async () => {
    const { run } = await setup(
      (s) => orderFor(s),
      () => success,
    );
    expect((await failure(run({ expectations: { programs: [randomAddress()] } }))).code).toBe('UNEXPECTED_PROGRAM');
  });

  it('an order that makes the taker pay the fees an integrator payer was asked to cover is refused before signing', async () => {
    const payer = randomAddress();
    const { fake, run } = await setup(
      (s) => orderFor(s),
      () => success,
    );
    const error = await failure(run({ order: { ...params, payer } }));
    expect(error.code).toBe('UNEXPECTED_RESPONSE');
    expect(error.details).toMatchObject({ field: 'signatureFeePayer', expected: payer });
    expect(fake.count('swapExecute')).toBe(0);
  });

  it('a payerSigner that is not order.payer is an INVALID_ARGUMENT', async () => {
    const { run } = await setup(
      (s) => orderFor(s),
      () => success,
    );
    const other = await newSigner();
    expect((await failure(run({ payerSigner: other, order: { ...params, payer: randomAddress() } }))).code).toBe('INVALID_ARGUMENT');
  });
});

describe('swap: execute verdicts', () => {
  it('polls on pending codes (-1006) and lands', async () => {
    const { fake, time, run } = await setup((s) => orderFor(s), [() => failed(-1006), () => failed(-1001), () => success]);
    const result = await run();
    expect(result.executeCalls).toBe(3);
    expect(fake.count('swapExecute')).toBe(3);
    expect(time.waits).toEqual([1_000, 1_000]);
    // The same body every time.
    const bodies = fake.calls.filter((c) => c.op === 'swapExecute').map((c) => JSON.stringify(c.options.body));
    expect(new Set(bodies).size).toBe(1);
  });

  it.each([
    ['code 0', 0],
    ['a code the spec does not list', -3001],
  ])('a status the spec does not list yet, with %s, is not final: polled again, never reported as failed', async (_name, code) => {
    const { fake, run } = await setup((s) => orderFor(s), [() => ({ status: 'Processing', code }), () => success]);
    const result = await run();
    expect(result.execution.status).toBe('Success');
    expect(fake.count('swapExecute')).toBe(2);
  });

  it('a status the spec does not list, answered until the window ends: SWAP_STATUS_UNKNOWN (the swap may still land)', async () => {
    const { fake, run } = await setup(
      (s) => orderFor(s),
      () => ({ status: 'Processing', code: 0 }),
    );
    const error = await failure(run({ maxExecuteCalls: 3 }));
    expect(error.code).toBe('SWAP_STATUS_UNKNOWN');
    expect(fake.count('swapExecute')).toBe(3);
  });

  it('a status the spec does not list with a listed failure code (-1000) is SWAP_EXECUTE_FAILED', async () => {
    const { run } = await setup(
      (s) => orderFor(s),
      () => ({ status: 'Dropped', code: -1000 }),
    );
    const error = await failure(run());
    expect(error.code).toBe('SWAP_EXECUTE_FAILED');
  });

  it('a final failure (6001 slippage) is SWAP_EXECUTE_FAILED with group and meaning, not retried', async () => {
    const { fake, run } = await setup(
      (s) => orderFor(s),
      () => failed(6001),
    );
    const error = await failure(run({ onExpired: 'reorder' }));
    expect(error.code).toBe('SWAP_EXECUTE_FAILED');
    expect(error.details).toMatchObject({ code: 6001, group: 'program', meaning: 'slippage tolerance exceeded' });
    expect(fake.count('swapExecute')).toBe(1);
    expect(fake.count('swapGetOrder')).toBe(1);
  });

  it('a 400 with an execute code (-2) is SWAP_EXECUTE_FAILED, with the client error as cause', async () => {
    const rejection = apiError(400, { error: 'Invalid signed transaction', code: -2 });
    const { run } = await setup(
      (s) => orderFor(s),
      () => {
        throw rejection;
      },
    );
    const error = await failure(run());
    expect(error.code).toBe('SWAP_EXECUTE_FAILED');
    expect(error.details).toMatchObject({ code: -2, group: 'execute', meaning: 'invalid signed transaction' });
    expect(error.cause).toBe(rejection);
  });

  it('a 400 with an expiry code is handled as an expiry', async () => {
    const { fake, run } = await setup(
      (s) => () => orderFor(s),
      [
        () => {
          throw apiError(400, { error: 'expired', code: -1005 });
        },
        () => success,
      ],
    );
    const result = await run({ onExpired: 'reorder' });
    expect(result.orders).toBe(2);
    expect(fake.count('swapGetOrder')).toBe(2);
  });

  it('a 429 waits as long as it asks (more than the poll interval)', async () => {
    const { time, run } = await setup(
      (s) => orderFor(s),
      [
        () => {
          throw apiError(429, { code: 429, message: 'slow down' }, { retryAfterMs: 5_000 });
        },
        () => success,
      ],
    );
    await run();
    expect(time.waits).toEqual([5_000]);
  });

  it('a 401 is a REQUEST_FAILED of the execute step, not polled', async () => {
    const { fake, run } = await setup(
      (s) => orderFor(s),
      () => {
        throw apiError(401, { error: 'Unauthorized' });
      },
    );
    const error = await failure(run());
    expect(error.code).toBe('REQUEST_FAILED');
    expect(error.details).toMatchObject({ step: 'execute', status: 401 });
    expect(fake.count('swapExecute')).toBe(1);
  });

  it('maxExecuteCalls bounds polling: SWAP_STATUS_UNKNOWN', async () => {
    const { fake, run } = await setup(
      (s) => orderFor(s),
      () => {
        throw transportError('TimeoutError');
      },
    );
    const error = await failure(run({ maxExecuteCalls: 4, onExpired: 'reorder' }));
    expect(error.code).toBe('SWAP_STATUS_UNKNOWN');
    expect(error.details).toMatchObject({ executeCalls: 4, lastReason: 'no answer' });
    expect(fake.count('swapExecute')).toBe(4);
    expect(fake.count('swapGetOrder')).toBe(1); // an unknown outcome never leads to a new order
  });

  it('never sends after the window: the last send is before pollWindowMs', async () => {
    const { fake, time, run } = await setup(
      (s) => orderFor(s),
      () => {
        throw apiError(500, { error: 'busy' });
      },
    );
    const start = time.now();
    await failure(run({ pollIntervalMs: 7_000, pollWindowMs: 30_000 }));
    expect(fake.count('swapExecute')).toBe(5); // at 0, 7, 14, 21, 28 s
    expect(time.now() - start).toBeLessThan(30_000);
  });

  it('works with a client that throws instead of returning { error }', async () => {
    const signer = await newSigner();
    const order = orderFor(signer);
    let executes = 0;
    const client = {
      swapGetOrder: async () => ({ data: order }),
      swapExecute: async () => {
        executes++;
        if (executes === 1) throw apiError(503, { error: 'unavailable' });
        return { data: success };
      },
    };
    const time = fakeTime();
    const result = await swap({ client: client as never, signer, order: params, ...time });
    expect(result.executeCalls).toBe(2);
  });
});

describe('swap: reordering', () => {
  it('reorders on -2003 and signs only the new transaction', async () => {
    const signer = await newSigner();
    const orders = [orderFor(signer, { router: 'router_rfq' }), orderFor(signer)];
    const fake = fakeClient({ swapGetOrder: [() => orders[0], () => orders[1]], swapExecute: [() => failed(-2003), () => success] });
    const result = await swap({ client: fake.client, signer, order: params, ...fakeTime(), onExpired: 'reorder' });
    expect(result.order.requestId).toBe(orders[1]!.requestId);
    const sent = fake.calls.filter((c) => c.op === 'swapExecute').map((c) => (c.options.body as { requestId: string }).requestId);
    expect(sent).toEqual([orders[0]!.requestId, orders[1]!.requestId]);
  });

  it('refuses a "new" order that repeats the expired one (it is never signed again)', async () => {
    const signer = await newSigner();
    const order = orderFor(signer);
    const fake = fakeClient({ swapGetOrder: () => order, swapExecute: () => failed(-1005) });
    const error = await failure(swap({ client: fake.client, signer, order: params, ...fakeTime(), onExpired: 'reorder' }));
    expect(error.code).toBe('UNEXPECTED_RESPONSE');
    expect(fake.count('swapExecute')).toBe(1);
  });

  it("onExpired 'throw' (the default) reports the code and its meaning", async () => {
    const { fake, run } = await setup(
      (s) => orderFor(s),
      () => failed(-1005),
    );
    const error = await failure(run());
    expect(error.code).toBe('SWAP_ORDER_EXPIRED');
    expect(error.details).toMatchObject({ code: -1005, meaning: 'expired', orders: 1 });
    expect(fake.count('swapGetOrder')).toBe(1);
  });
});

describe('swap: abort', () => {
  it('an aborted signal stops before the first call', async () => {
    const { fake, run } = await setup(
      (s) => orderFor(s),
      () => success,
    );
    const controller = new AbortController();
    controller.abort();
    const error = await failure(run({ signal: controller.signal }));
    expect(error.code).toBe('ABORTED');
    expect(fake.calls).toHaveLength(0);
  });

  it('aborted while polling an execute already sent: ABORTED names the signature and says the swap may still land', async () => {
    const controller = new AbortController();
    const { run } = await setup(
      (s) => orderFor(s),
      () => {
        controller.abort();
        return failed(-1006);
      },
    );
    const error = await failure(run({ signal: controller.signal }));
    expect(error.code).toBe('ABORTED');
    expect(error.details).toMatchObject({ step: 'execute', requestId: expect.stringMatching(/^request-/) });
    expect(typeof error.details.signature).toBe('string');
    expect(error.message).toMatch(/may still land/);
  });

  it('the signal is passed to every call', async () => {
    const { fake, run } = await setup(
      (s) => orderFor(s),
      () => success,
    );
    const controller = new AbortController();
    await run({ signal: controller.signal });
    expect(fake.calls.every((c) => c.options.signal === controller.signal)).toBe(true);
  });
});

describe('swap: nothing leaves the taker by a top-level transfer except to accounts the order names', () => {
  const withInstructions = (
    taker: Signer,
    overrides: Partial<SwapOrder>,
    ...instructions: Parameters<typeof buildTransaction>[0]['instructions'] & unknown[]
  ) =>
    orderFor(taker, {
      transaction: buildTransaction({ version: 0, feePayer: taker.address as Address, instructions }).base64,
      ...overrides,
    });

  it("an integrator payer's value goes nowhere, the taker's accounts included: a transfer from the payer to the taker is not signed", async () => {
    const payer = await newSigner();
    const { fake, run } = await setup(
      (s) =>
        orderFor(s, {
          signatureFeePayer: payer.address,
          transaction: buildTransaction({
            version: 0,
            feePayer: payer.address as Address,
            signers: [s.address as Address],
            instructions: [
              swapLikeInstruction(randomAddress(), [s.address as Address], [randomAddress()]),
              system.transfer(payer.address, s.address, 1_000_000_000n),
            ],
          }).base64,
        }),
      () => success,
    );
    const error = await rejection(run({ order: { ...params, payer: payer.address }, payerSigner: payer }), TransactionRejectedError);
    expect(error.code).toBe('UNEXPECTED_TRANSFER');
    expect(error.details).toMatchObject({ source: payer.address, amount: '1000000000' });
    expect(fake.count('swapExecute')).toBe(0);
  });

  it('a transfer from the taker to a third party is not signed: UNEXPECTED_TRANSFER', async () => {
    const { fake, run } = await setup(
      (s) => withInstructions(s, {}, system.transfer(s.address, randomAddress(), 50_000_000n)),
      () => success,
    );
    const error = await rejection(run(), TransactionRejectedError, 'UNEXPECTED_TRANSFER');
    expect(error.details.kind).toBe('transfer');
    expect(fake.count('swapExecute')).toBe(0);
  });

  it('a token transfer to the referral fee account, and closing a token account back to the taker, are signed', async () => {
    const fee = randomAddress();
    const { fake, run } = await setup(
      (s) =>
        withInstructions(
          s,
          { referralAccount: fee },
          token.transfer(randomAddress(), fee, s.address, 10n),
          token.closeAccount(randomAddress(), s.address, s.address),
        ),
      () => success,
    );
    await run({ order: { ...params, referralAccount: fee, referralFee: 50 } });
    expect(fake.count('swapExecute')).toBe(1);
  });

  it('a referral account the caller did not ask for is no allowed destination: UNEXPECTED_TRANSFER', async () => {
    const stranger = randomAddress();
    const { fake, run } = await setup(
      (s) => withInstructions(s, { referralAccount: stranger }, token.transfer(randomAddress(), stranger, s.address, 900_000n)),
      () => success,
    );
    const error = await rejection(run(), TransactionRejectedError, 'UNEXPECTED_TRANSFER');
    expect(error.details.destination).toBe(stranger);
    expect(fake.count('swapExecute')).toBe(0);
  });

  it('an order naming another referral account than the one asked for is refused before signing', async () => {
    const asked = randomAddress();
    const other = randomAddress();
    const { fake, run } = await setup(
      (s) => withInstructions(s, { referralAccount: other }, token.transfer(randomAddress(), other, s.address, 10n)),
      () => success,
    );
    const error = await failure(run({ order: { ...params, referralAccount: asked, referralFee: 50 } }));
    expect(error.code).toBe('UNEXPECTED_RESPONSE');
    expect(error.details).toMatchObject({ field: 'referralAccount', expected: asked, actual: other });
    expect(fake.count('swapExecute')).toBe(0);
  });

  it("an approve of a delegate on the taker's tokens is not signed: UNEXPECTED_DELEGATION", async () => {
    const { fake, run } = await setup(
      (s) => withInstructions(s, {}, token.approve(randomAddress(), randomAddress(), s.address, 10n)),
      () => success,
    );
    await rejection(run(), TransactionRejectedError, 'UNEXPECTED_DELEGATION');
    expect(fake.count('swapExecute')).toBe(0);
  });

  it('the bundle tip the order asks for goes to a receiver the order does not name: signed up to the tip', async () => {
    const { fake, run } = await setup(
      (s) => withInstructions(s, {}, system.transfer(s.address, randomAddress(), 10_000n)),
      () => success,
    );
    await run({ order: { ...params, bundleTipLamports: 10_000 } });
    expect(fake.count('swapExecute')).toBe(1);
  });

  it('a transfer above the bundle tip, or a second one, is not signed: UNEXPECTED_TRANSFER', async () => {
    const above = await setup(
      (s) => withInstructions(s, {}, system.transfer(s.address, randomAddress(), 10_001n)),
      () => success,
    );
    await rejection(above.run({ order: { ...params, bundleTipLamports: 10_000 } }), TransactionRejectedError, 'UNEXPECTED_TRANSFER');
    const twice = await setup(
      (s) =>
        withInstructions(s, {}, system.transfer(s.address, randomAddress(), 5_000n), system.transfer(s.address, randomAddress(), 5_000n)),
      () => success,
    );
    await rejection(twice.run({ order: { ...params, bundleTipLamports: 10_000 } }), TransactionRejectedError, 'UNEXPECTED_TRANSFER');
    expect(above.fake.count('swapExecute') + twice.fake.count('swapExecute')).toBe(0);
  });

  it("with a receiver, the bundle tip never goes to the receiver (nor its wrapped-native account): the output is the swap's, not a transfer's", async () => {
    const receiver = randomAddress();
    const asked = { order: { ...params, receiver, bundleTipLamports: 10_000 } };
    const direct = await setup(
      (s) => withInstructions(s, {}, system.transfer(s.address, receiver, 10_000n)),
      () => success,
    );
    const error = await rejection(direct.run(asked), TransactionRejectedError, 'UNEXPECTED_TRANSFER');
    expect(error.details).toMatchObject({ destination: receiver, amount: '10000' });
    const wrapped = await associatedTokenAddress(receiver, NATIVE_MINT);
    const viaWrapped = await setup(
      (s) => withInstructions(s, {}, system.transfer(s.address, wrapped, 10_000n)),
      () => success,
    );
    await rejection(viaWrapped.run(asked), TransactionRejectedError, 'UNEXPECTED_TRANSFER');
    expect(direct.fake.count('swapExecute') + viaWrapped.fake.count('swapExecute')).toBe(0);
    // The tip to an account the order does not name is still signed.
    const tip = await setup(
      (s) => withInstructions(s, {}, system.transfer(s.address, randomAddress(), 10_000n)),
      () => success,
    );
    await tip.run(asked);
    expect(tip.fake.count('swapExecute')).toBe(1);
  });

  it('without bundleTipLamports, a native transfer to an unnamed account is not signed', async () => {
    const { fake, run } = await setup(
      (s) => withInstructions(s, {}, system.transfer(s.address, randomAddress(), 1n)),
      () => success,
    );
    await rejection(run(), TransactionRejectedError, 'UNEXPECTED_TRANSFER');
    expect(fake.count('swapExecute')).toBe(0);
  });

  it("when the taker pays, a transaction requiring more signatures than the order's signatureFeeLamports pays for is not signed", async () => {
    // 5000 lamports per signature: the order states one, the transaction makes the taker pay for two.
    const twoSigners = (s: Signer, signatureFeeLamports: number) =>
      orderFor(s, {
        signatureFeeLamports,
        transaction: buildTransaction({ version: 0, feePayer: s.address, signers: [randomAddress()] }).base64,
      });
    const over = await setup(
      (s) => twoSigners(s, 5000),
      () => success,
    );
    const error = await rejection(over.run(), TransactionRejectedError, 'SIGNATURE_COUNT_MISMATCH');
    expect(error.details).toMatchObject({ expected: 1, actual: 2 });
    expect(over.fake.count('swapExecute')).toBe(0);
    const stated = await setup(
      (s) => twoSigners(s, 10_000),
      () => success,
    );
    await stated.run();
    expect(stated.fake.count('swapExecute')).toBe(1);
  });

  it("a priority fee above the order's prioritizationFeeLamports is not signed when the taker pays: PRIORITY_FEE_TOO_HIGH", async () => {
    const budget = [computeBudget.limit(1_400_000), computeBudget.price(1_000_000n)]; // 1 400 000 lamports
    const high = await setup(
      (s) => withInstructions(s, { prioritizationFeeLamports: 10_000 }, ...budget),
      () => success,
    );
    const error = await rejection(high.run(), TransactionRejectedError, 'PRIORITY_FEE_TOO_HIGH');
    expect(error.details).toMatchObject({ priorityFeeLamports: '1400000', maxPriorityFeeLamports: '10000' });
    expect(high.fake.count('swapExecute')).toBe(0);
    const announced = await setup(
      (s) => withInstructions(s, { prioritizationFeeLamports: 1_400_000 }, ...budget),
      () => success,
    );
    await announced.run();
    expect(announced.fake.count('swapExecute')).toBe(1);
  });

  it('an order whose prioritizationFeeLamports is not a number of lamports is refused before signing', async () => {
    const { fake, run } = await setup(
      (s) => orderFor(s, { prioritizationFeeLamports: 1.5 }),
      () => success,
    );
    const error = await failure(run());
    expect(error.code).toBe('UNEXPECTED_RESPONSE');
    expect(error.details.field).toBe('prioritizationFeeLamports');
    expect(fake.count('swapExecute')).toBe(0);
  });

  describe('an order that gives no prioritizationFeeLamports', () => {
    // Compute unit limit 1 400 000 at `microLamports` per unit: `microLamports * 1.4` lamports.
    const feeOf = (s: Signer, microLamports: bigint) =>
      withInstructions(s, {}, computeBudget.limit(1_400_000), computeBudget.price(microLamports));

    it('is signed with a priority fee up to the default cap (5 000 000 lamports), refused above it', async () => {
      expect(DEFAULT_MAX_PRIORITY_FEE_LAMPORTS).toBe(5_000_000);
      const atCap = await setup(
        (s) => feeOf(s, 3_571_428n), // 4 999 999.2 → 5 000 000 lamports
        () => success,
      );
      await atCap.run();
      expect(atCap.fake.count('swapExecute')).toBe(1);
      const above = await setup(
        (s) => feeOf(s, 4_000_000n), // 5 600 000 lamports
        () => success,
      );
      const error = await rejection(above.run(), TransactionRejectedError, 'PRIORITY_FEE_TOO_HIGH');
      expect(error.details).toMatchObject({ priorityFeeLamports: '5600000', maxPriorityFeeLamports: '5000000' });
      expect(above.fake.count('swapExecute')).toBe(0);
    });

    it('the priorityFeeLamports the caller asked the order for is the bound (above or below the default cap)', async () => {
      const asked = await setup(
        (s) => feeOf(s, 8_000_000n), // 11 200 000 lamports
        () => success,
      );
      await rejection(
        asked.run({ order: { ...params, priorityFeeLamports: 10_000_000 } }),
        TransactionRejectedError,
        'PRIORITY_FEE_TOO_HIGH',
      );
      const within = await setup(
        (s) => feeOf(s, 7_142_857n), // 9 999 999.8 → 10 000 000 lamports
        () => success,
      );
      await within.run({ order: { ...params, priorityFeeLamports: 10_000_000 } });
      expect(within.fake.count('swapExecute')).toBe(1);
      const low = await setup(
        (s) => feeOf(s, 1_000n), // 1 400 lamports
        () => success,
      );
      await rejection(low.run({ order: { ...params, priorityFeeLamports: 1_000 } }), TransactionRejectedError, 'PRIORITY_FEE_TOO_HIGH');
    });

    it("the caller's maxPriorityFeeLamports replaces the default cap (it may raise it)", async () => {
      const { fake, run } = await setup(
        (s) => feeOf(s, 7_142_857n), // 10 000 000 lamports
        () => success,
      );
      await run({ expectations: { maxPriorityFeeLamports: 10_000_000 } });
      expect(fake.count('swapExecute')).toBe(1);
    });

    it('a compute budget instruction the flow cannot read is not signed (the bound cannot be checked)', async () => {
      const { fake, run } = await setup(
        (s) => withInstructions(s, {}, rawInstruction('ComputeBudget111111111111111111111111111111' as Address, [], [9, 1])),
        () => success,
      );
      await rejection(run(), TransactionRejectedError, 'UNRECOGNIZED_INSTRUCTION');
      expect(fake.count('swapExecute')).toBe(0);
    });
  });

  it('a tighter maxPriorityFeeLamports of the caller applies too', async () => {
    const { fake, run } = await setup(
      (s) => withInstructions(s, { prioritizationFeeLamports: 1_400_000 }, computeBudget.limit(1_400_000), computeBudget.price(1_000_000n)),
      () => success,
    );
    await rejection(run({ expectations: { maxPriorityFeeLamports: 10_000 } }), TransactionRejectedError, 'PRIORITY_FEE_TOO_HIGH');
    expect(fake.count('swapExecute')).toBe(0);
  });

  it("wrapping native coin into the taker's own wrapped-native token account (System transfer, then sync) is signed", async () => {
    const wrapped = (s: Signer) => associatedTokenAddress(s.address, NATIVE_MINT);
    const signer = await newSigner();
    const account = await wrapped(signer);
    const order = withInstructions(
      signer,
      { inputMint: NATIVE_MINT, outputMint: OUTPUT },
      system.transfer(signer.address, account, 1_000_000n),
      rawInstruction(TOKEN_PROGRAM, [[account, 'w']], [17]),
    );
    const fake = fakeClient({ swapGetOrder: () => order, swapExecute: () => success });
    await swap({ client: fake.client, signer, order: { ...params, inputMint: NATIVE_MINT }, ...fakeTime() });
    expect(fake.count('swapExecute')).toBe(1);
  });

  it("a native transfer into someone else's wrapped-native token account is still not signed", async () => {
    const other = await associatedTokenAddress(randomAddress(), NATIVE_MINT);
    const { fake, run } = await setup(
      (s) => withInstructions(s, { inputMint: NATIVE_MINT }, system.transfer(s.address, other, 1_000_000n)),
      () => success,
    );
    await rejection(run({ order: { ...params, inputMint: NATIVE_MINT } }), TransactionRejectedError, 'UNEXPECTED_TRANSFER');
    expect(fake.count('swapExecute')).toBe(0);
  });

  it('a tip the caller allows (allowDestinations) is signed', async () => {
    const tipReceiver = randomAddress();
    const { fake, run } = await setup(
      (s) => withInstructions(s, {}, system.transfer(s.address, tipReceiver, 10_000n)),
      () => success,
    );
    await run({ allowDestinations: [tipReceiver] });
    expect(fake.count('swapExecute')).toBe(1);
  });
});
