/**
 * Edge cases of the price order flow with a fake client: vault answers, deposit checks, which
 * create failures lead to a history look-up, and the history matching.
 */
import type { Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { apiError, fakeClient, fakeTime, newSigner, transportError, type FakeHandler } from '../../test/fake-client.js';
import { associatedTokenAddress, buildTransaction, computeBudget, randomAddress, system, token } from '../../test/fixtures.js';
import { AuthError, SigningError, TransactionRejectedError } from '../errors.js';
import { inspectTransaction } from '../inspect.js';
import type { Signer } from '../signers/types.js';
import { DEFAULT_MAX_PRIORITY_FEE_LAMPORTS } from './fee-bound.js';
import type { TriggerOrderRecord } from './find-price-order.js';
import { createPriceOrder, type PriceOrderParams } from './price-order.js';
import { rejection } from '../../test/rejection.js';

const INPUT = 'D6gqDYHvpEparhs6TGfnXKtNEzVe48aLfmB6bKNjdKsD';
const OUTPUT = '7gQqK6wWf1gAc7f2R4oQ18Q4m6Vazr1umgktSGsnJZny';
const VAULT = '8cvtXmBWUdxLES4cQ9vBerCBp5AHd89J8XEU4XYxE865' as Address;
const START = Date.UTC(2026, 0, 1);
const VAULT_INPUT_ACCOUNT = await associatedTokenAddress(VAULT, INPUT);

const order: PriceOrderParams = {
  orderType: 'single',
  inputMint: INPUT,
  inputAmount: '40000000',
  outputMint: OUTPUT,
  triggerMint: INPUT,
  triggerCondition: 'above',
  triggerPriceUsd: 0.6,
  slippageBps: 50,
  expiresAt: START + 86_400_000,
};

function deposit(wallet: Signer, overrides: Record<string, unknown> = {}) {
  return {
    transaction: buildTransaction({
      version: 0,
      feePayer: wallet.address,
      instructions: [token.transferChecked(randomAddress(), INPUT, VAULT_INPUT_ACCOUNT, wallet.address, 40_000_000n, 6)],
    }).base64,
    requestId: 'deposit-1',
    receiverAddress: VAULT,
    mint: INPUT,
    amount: '40000000',
    tokenDecimals: 6,
    ...overrides,
  };
}

function record(wallet: Signer, overrides: Partial<TriggerOrderRecord> = {}): TriggerOrderRecord {
  return {
    id: 'order-1',
    orderType: 'single',
    orderState: 'open',
    userPubkey: wallet.address,
    inputMint: INPUT,
    initialInputAmount: '40000000',
    remainingInputAmount: '40000000',
    outputMint: OUTPUT,
    triggerMint: INPUT,
    triggerCondition: 'above',
    triggerPriceUsd: 0.6,
    slippageBps: 50,
    expiresAt: order.expiresAt,
    createdAt: START + 1_000,
    updatedAt: START + 1_000,
    ...overrides,
  };
}

const page = (orders: TriggerOrderRecord[]) => ({ orders, pagination: { total: orders.length, limit: 50, offset: 0 } });
const throws =
  (error: unknown): FakeHandler =>
  () => {
    throw error;
  };

async function setup(handlers: (wallet: Signer) => Record<string, FakeHandler | FakeHandler[]>) {
  const wallet = await newSigner();
  const fake = fakeClient({
    triggerV2GetVault: () => ({ userPubkey: wallet.address, vaultPubkey: VAULT }),
    triggerV2CraftDeposit: () => deposit(wallet),
    triggerV2CreatePriceOrder: () => ({ id: 'order-1', txSignature: 'sig', depositConfirmed: true }),
    ...handlers(wallet),
  });
  const time = fakeTime(START);
  return {
    wallet,
    fake,
    time,
    run: (extra: Record<string, unknown> = {}) => createPriceOrder({ client: fake.client, signer: wallet, order, ...time, ...extra }),
  };
}

const failure = (promise: Promise<unknown>) => rejection(promise, SigningError);

describe('createPriceOrder: vault', () => {
  it('a 409 without details reads the vault again', async () => {
    const { fake, run } = await setup((wallet) => ({
      triggerV2GetVault: [throws(apiError(404, { error: 'Vault not found' })), () => ({ userPubkey: wallet.address, vaultPubkey: VAULT })],
      triggerV2RegisterVault: throws(apiError(409, { error: 'Vault already registered' })),
    }));
    const result = await run();
    expect(result.vault.vaultPubkey).toBe(VAULT);
    expect(fake.count('triggerV2GetVault')).toBe(2);
  });

  it("a vaultPubkey that is not an address is UNEXPECTED_RESPONSE of the vault step (not the caller's INVALID_ARGUMENT)", async () => {
    const { fake, run } = await setup((wallet) => ({
      triggerV2GetVault: () => ({ userPubkey: wallet.address, vaultPubkey: 'not-an-address' }),
    }));
    const error = await failure(run());
    expect(error.code).toBe('UNEXPECTED_RESPONSE');
    expect(error.details).toMatchObject({ step: 'vault', field: 'vaultPubkey', actual: 'not-an-address' });
    expect(fake.count('triggerV2CraftDeposit')).toBe(0);
  });

  it('a vault of another wallet (the client is signed in as someone else) stops the flow', async () => {
    const { fake, run } = await setup(() => ({ triggerV2GetVault: () => ({ userPubkey: randomAddress(), vaultPubkey: VAULT }) }));
    const error = await failure(run());
    expect(error.code).toBe('UNEXPECTED_RESPONSE');
    expect(fake.count('triggerV2CraftDeposit')).toBe(0);
  });

  it('the auth session failing surfaces as its AuthError', async () => {
    const authError = new AuthError('The challenge request failed.', { step: 'challenge' });
    const { run } = await setup(() => ({ triggerV2GetVault: throws(authError) }));
    expect(await failure(run())).toBe(authError);
  });
});

describe('createPriceOrder: deposit', () => {
  it('sends the craft body the spec requires and the create body with the signed deposit', async () => {
    const { wallet, fake, run } = await setup(() => ({}));
    const result = await run();
    expect(fake.calls.find((c) => c.op === 'triggerV2CraftDeposit')?.options.body).toEqual({
      userAddress: wallet.address,
      orderType: 'price',
      orderSubType: 'single',
      inputMint: INPUT,
      outputMint: OUTPUT,
      amount: '40000000',
    });
    expect(fake.calls.find((c) => c.op === 'triggerV2CreatePriceOrder')?.options.body).toEqual({
      ...order,
      depositRequestId: 'deposit-1',
      depositSignedTx: result.signedDeposit,
      userPubkey: wallet.address,
    });
  });

  it.each([
    ['amount', { amount: '1' }],
    ['mint', { mint: OUTPUT }],
    ['receiverAddress', { receiverAddress: randomAddress() }],
  ])('a deposit with another %s is not signed', async (field, overrides) => {
    const { fake, run } = await setup((wallet) => ({ triggerV2CraftDeposit: () => deposit(wallet, overrides) }));
    const error = await failure(run());
    expect(error.code).toBe('UNEXPECTED_RESPONSE');
    expect(error.details.field).toBe(field);
    expect(fake.count('triggerV2CreatePriceOrder')).toBe(0);
  });

  it('without a bound of the caller, a priority fee above DEFAULT_MAX_PRIORITY_FEE_LAMPORTS is not signed', async () => {
    const withFee = (wallet: Signer) =>
      buildTransaction({
        version: 0,
        feePayer: wallet.address,
        instructions: [
          computeBudget.limit(1_400_000),
          computeBudget.price(4_000_000n), // 5 600 000 lamports
          token.transferChecked(randomAddress(), INPUT, VAULT_INPUT_ACCOUNT, wallet.address, 40_000_000n, 6),
        ],
      }).base64;
    const { fake, run } = await setup((wallet) => ({ triggerV2CraftDeposit: () => deposit(wallet, { transaction: withFee(wallet) }) }));
    const error = await rejection(run(), TransactionRejectedError, 'PRIORITY_FEE_TOO_HIGH');
    expect(error.details).toMatchObject({ maxPriorityFeeLamports: String(DEFAULT_MAX_PRIORITY_FEE_LAMPORTS) });
    expect(fake.count('triggerV2CreatePriceOrder')).toBe(0);
    await run({ depositExpectations: { maxPriorityFeeLamports: 6_000_000 } }); // the caller may raise it
    expect(fake.count('triggerV2CreatePriceOrder')).toBe(1);
  });

  it('a deposit paid by someone else is refused by the signing checks', async () => {
    const { fake, run } = await setup((wallet) => ({
      triggerV2CraftDeposit: () =>
        deposit(wallet, { transaction: buildTransaction({ version: 0, feePayer: randomAddress(), signers: [wallet.address] }).base64 }),
    }));
    expect((await failure(run())).code).toBe('UNEXPECTED_FEE_PAYER');
    expect(fake.count('triggerV2CreatePriceOrder')).toBe(0);
  });
});

describe('createPriceOrder: the deposit moves exactly what the craft answer says, to the vault', () => {
  const depositOf = (wallet: Signer, ...instructions: Parameters<typeof buildTransaction>[0]['instructions'] & unknown[]) =>
    buildTransaction({ version: 0, feePayer: wallet.address, instructions }).base64;

  it.each([
    [
      'a different amount',
      async (wallet: Signer) => token.transferChecked(randomAddress(), INPUT, VAULT_INPUT_ACCOUNT, wallet.address, 40_000_001n, 6),
    ],
    [
      'a different mint',
      async (wallet: Signer) =>
        token.transferChecked(randomAddress(), OUTPUT, await associatedTokenAddress(VAULT, OUTPUT), wallet.address, 40_000_000n, 6),
    ],
    [
      'a different destination',
      async (wallet: Signer) =>
        token.transferChecked(randomAddress(), INPUT, await associatedTokenAddress(randomAddress(), INPUT), wallet.address, 40_000_000n, 6),
    ],
  ])("a deposit transaction of %s (the answer's fields look right) is not signed: UNEXPECTED_TRANSFER", async (_name, make) => {
    const { fake, run } = await setup((wallet) => ({
      triggerV2CraftDeposit: async () => deposit(wallet, { transaction: depositOf(wallet, await make(wallet)) }),
    }));
    const error = await failure(run());
    expect(error.code).toBe('UNEXPECTED_TRANSFER');
    expect(fake.count('triggerV2CreatePriceOrder')).toBe(0);
  });

  it('the right deposit plus native coin to someone else is not signed: UNEXPECTED_TRANSFER', async () => {
    const { fake, run } = await setup((wallet) => ({
      triggerV2CraftDeposit: () =>
        deposit(wallet, {
          transaction: depositOf(
            wallet,
            token.transferChecked(randomAddress(), INPUT, VAULT_INPUT_ACCOUNT, wallet.address, 40_000_000n, 6),
            system.transfer(wallet.address, randomAddress(), 1_000_000n),
          ),
        }),
    }));
    expect((await failure(run())).code).toBe('UNEXPECTED_TRANSFER');
    expect(fake.count('triggerV2CreatePriceOrder')).toBe(0);
  });

  it('a "deposit" that deposits nothing is not signed: MISSING_EXPECTED_TRANSFER', async () => {
    const { fake, run } = await setup((wallet) => ({
      triggerV2CraftDeposit: () => deposit(wallet, { transaction: buildTransaction({ version: 0, feePayer: wallet.address }).base64 }),
    }));
    expect((await failure(run())).code).toBe('MISSING_EXPECTED_TRANSFER');
    expect(fake.count('triggerV2CreatePriceOrder')).toBe(0);
  });
});

describe('createPriceOrder: aborted once the create request was sent', () => {
  it('ABORTED names the deposit (the order may have been created with it), so it is not deposited again blindly', async () => {
    const controller = new AbortController();
    const { run } = await setup(() => ({
      triggerV2CreatePriceOrder: () => {
        controller.abort();
        throw new DOMException('The operation was aborted.', 'AbortError');
      },
    }));
    const result = run({ signal: controller.signal });
    const error = await failure(result);
    expect(error.code).toBe('ABORTED');
    expect(error.details).toMatchObject({ step: 'create', depositRequestId: 'deposit-1' });
    expect(typeof error.details.depositSignature).toBe('string');
    expect(error.message).toMatch(/may have been created/);
  });
});

describe('createPriceOrder: a lost create answer', () => {
  it.each([
    ['a timeout', transportError('TimeoutError')],
    ['a connection error', transportError('ConnectionError')],
    ['a 502', apiError(502, undefined)],
    ['a "duplicate deposit" 400', apiError(400, { error: 'Duplicate deposit' })],
  ])('after %s the order is looked up in the history', async (_name, error) => {
    const { fake, run } = await setup((wallet) => ({
      triggerV2CreatePriceOrder: throws(error),
      triggerV2GetOrderHistory: () => page([record(wallet, { id: 'other', expiresAt: 1 }), record(wallet)]),
    }));
    const result = await run();
    expect(result).toMatchObject({ recovered: true, id: 'order-1', created: undefined });
    expect(fake.count('triggerV2CreatePriceOrder')).toBe(1);
    expect(fake.calls.find((c) => c.op === 'triggerV2GetOrderHistory')?.options.query).toMatchObject({
      mint: INPUT,
      sort: 'created_at',
      dir: 'desc',
    });
  });

  it.each([
    ['a validation 400', apiError(400, { error: 'tpPriceUsd must be greater than slPriceUsd' })],
    ['a 403', apiError(403, { error: 'userPubkey does not match' })],
    ['a 429 (rejected before it ran)', apiError(429, { code: 429, message: 'slow down' })],
  ])('after %s there is no look-up: REQUEST_FAILED', async (_name, error) => {
    const { fake, run } = await setup(() => ({ triggerV2CreatePriceOrder: throws(error) }));
    const thrown = await failure(run());
    expect(thrown.code).toBe('REQUEST_FAILED');
    expect(thrown.details.step).toBe('create');
    expect(fake.count('triggerV2GetOrderHistory')).toBe(0);
  });

  it('finds the order in a history record that leaves out the optional fields (gap-facts), never creating it twice', async () => {
    const { fake, run } = await setup((wallet) => ({
      triggerV2CreatePriceOrder: throws(transportError()),
      triggerV2GetOrderHistory: () => {
        const shown: Record<string, unknown> = { ...record(wallet), expiresAt: null };
        for (const field of ['triggerMint', 'initialInputAmount', 'createdAt']) delete shown[field];
        return page([
          record(wallet, { id: 'older', createdAt: START - 86_400_000, updatedAt: START - 86_400_000 }),
          shown as TriggerOrderRecord,
        ]);
      },
    }));
    const result = await run();
    expect(result).toMatchObject({ recovered: true, id: 'order-1' });
    expect(fake.count('triggerV2CreatePriceOrder')).toBe(1);
  });

  it('the history is retried (it may lag) with backoff until the order shows up', async () => {
    const { fake, time, run } = await setup((wallet) => ({
      triggerV2CreatePriceOrder: throws(transportError()),
      triggerV2GetOrderHistory: [() => page([]), throws(apiError(503, undefined)), () => page([record(wallet)])],
    }));
    const result = await run({ recovery: { initialDelayMs: 200 } });
    expect(result.recovered).toBe(true);
    expect(fake.count('triggerV2GetOrderHistory')).toBe(3);
    expect(time.waits).toEqual([200, 400]);
  });

  it('a record naming the deposit (its signature in an event) wins over value matches', async () => {
    let created: Record<string, unknown> | undefined;
    const { run } = await setup((wallet) => ({
      triggerV2CreatePriceOrder: (options) => {
        created = options.body as Record<string, unknown>;
        throw transportError();
      },
      triggerV2GetOrderHistory: () => {
        const signature = inspectTransaction(created!.depositSignedTx as string).signers[0]!.signature!;
        return page([
          record(wallet, { id: 'look-alike' }),
          record(wallet, { id: 'named', expiresAt: 5, events: [{ type: 'created', txSignature: signature }] }),
        ]);
      },
    }));
    const result = await run();
    expect(result.id).toBe('named');
  });

  it('two records that match only by value are ambiguous: none is picked', async () => {
    const { run } = await setup((wallet) => ({
      triggerV2CreatePriceOrder: throws(transportError()),
      triggerV2GetOrderHistory: () => page([record(wallet, { id: 'a' }), record(wallet, { id: 'b' })]),
    }));
    const error = await failure(run());
    expect(error.code).toBe('ORDER_CREATE_UNCONFIRMED');
    expect(error.details.candidates).toEqual(['a', 'b']);
  });

  it.each([
    ['created before the request (beyond the clock skew)', { createdAt: START - 600_000 }],
    ['another expiry', { expiresAt: order.expiresAt + 1 }],
    ['another trigger price', { triggerPriceUsd: 0.7 }],
    ['another amount', { initialInputAmount: '1' }],
    ['another deposit id', { depositRequestId: 'deposit-2' }],
  ])('a record %s is not the order: ORDER_CREATE_UNCONFIRMED after the bounded look-ups', async (_name, overrides) => {
    const { fake, run } = await setup((wallet) => ({
      triggerV2CreatePriceOrder: throws(transportError()),
      triggerV2GetOrderHistory: () => page([record(wallet, overrides)]),
    }));
    const error = await failure(run({ recovery: { attempts: 2 } }));
    expect(error.code).toBe('ORDER_CREATE_UNCONFIRMED');
    expect(error.details.depositRequestId).toBe('deposit-1');
    expect(fake.count('triggerV2GetOrderHistory')).toBe(2);
    expect(fake.count('triggerV2CreatePriceOrder')).toBe(1);
  });

  it('checks the recovery options before anything is sent', async () => {
    const { fake, run } = await setup(() => ({}));
    expect((await failure(run({ recovery: { attempts: 0 } }))).code).toBe('INVALID_ARGUMENT');
    expect(fake.calls).toHaveLength(0);
  });

  it('reads a second page when the first is full', async () => {
    const { fake, run } = await setup((wallet) => ({
      triggerV2CreatePriceOrder: throws(transportError()),
      triggerV2GetOrderHistory: [() => page([record(wallet, { id: 'x', expiresAt: 1 })]), () => page([record(wallet)])],
    }));
    const result = await run({ recovery: { pageSize: 1 } });
    expect(result.id).toBe('order-1');
    expect(
      fake.calls.filter((c) => c.op === 'triggerV2GetOrderHistory').map((c) => (c.options.query as { offset: number }).offset),
    ).toEqual([0, 1]);
  });
});
