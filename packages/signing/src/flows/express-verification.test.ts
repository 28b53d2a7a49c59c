/**
 * Edge cases of express verification with a fake client.
 */
import { createClient } from '@x/fetch-client';
import { responseValidator } from '@x/fetch-client/validate';
import { operation } from '@x/openapi/reader';
import { describe, expect, it } from 'vitest';
import { apiError, fakeClient, fakeTime, newSigner, transportError, type FakeHandler } from '../../test/fake-client.js';
import {
  associatedTokenAddress,
  buildTransaction,
  computeBudget,
  randomAddress,
  rawInstruction,
  system,
  token,
  TOKEN_PROGRAM,
} from '../../test/fixtures.js';
import { SigningError, TransactionRejectedError } from '../errors.js';
import { inspectTransaction } from '../inspect.js';
import { EXPRESS_PAYMENT } from '../gen/express-payment.gen.js';
import type { Signer } from '../signers/types.js';
import { expressVerify } from './express-verification.js';
import { DEFAULT_MAX_PRIORITY_FEE_LAMPORTS } from './fee-bound.js';
import { rejection } from '../../test/rejection.js';

const TOKEN = 'ANXWJBfTCfGy9S9DqBojTgqxsd3LehNkCYZieTjTearb';
const eligible = { tokenExists: true, isVerified: false, canVerify: true, canMetadata: true };

const RECEIVER = '8D441sSCeK84mSivdv8euGuB8h6ek1k2TgAqjCi8HCJr';
const PAYMENT_MINT = 'D6gqDYHvpEparhs6TGfnXKtNEzVe48aLfmB6bKNjdKsD';
const RECEIVER_ACCOUNT = await associatedTokenAddress(RECEIVER, PAYMENT_MINT);

/** The honest payment: 1000 PLATFORM_TOKEN from the sender to the receiver's token account. */
function payment(sender: string, amount = 1_000_000_000n, destination: string = RECEIVER_ACCOUNT): string {
  const transfer = token.transferChecked(randomAddress(), PAYMENT_MINT, destination, sender, amount, 6);
  return buildTransaction({ version: 0, feePayer: sender as never, instructions: [transfer] }).base64;
}

function craft(wallet: Signer, overrides: Record<string, unknown> = {}) {
  return {
    transaction: payment(wallet.address),
    requestId: 'craft-1',
    receiverAddress: RECEIVER,
    mint: PAYMENT_MINT,
    amount: '1000000000',
    tokenDecimals: 6,
    feeLamports: 5000,
    feeMint: 'So11111111111111111111111111111111111111112',
    feeTokenDecimals: 9,
    feeAmount: 5000,
    totalTime: 1,
    code: 0,
    gasless: false,
    tokenUsdRate: 0.5,
    feeUsdAmount: 0.00075,
    expireAt: '2026-01-01T00:02:00.000Z',
    ...overrides,
  };
}

const executed = { status: 'Success', signature: 'sig', code: 0, totalTime: 1, verificationCreated: true, metadataCreated: false };

async function setup(handlers: (wallet: Signer) => Record<string, FakeHandler | FakeHandler[]>) {
  const wallet = await newSigner();
  const fake = fakeClient({
    tokensCheckExpressEligibility: () => eligible,
    tokensCraftExpressTransaction: () => craft(wallet),
    tokensExecuteExpress: () => executed,
    ...handlers(wallet),
  });
  const run = (extra: Record<string, unknown> = {}) =>
    expressVerify({
      client: fake.client,
      signer: wallet,
      tokenId: TOKEN,
      twitterHandle: '@example',
      description: 'why',
      ...fakeTime(),
      ...extra,
    });
  return { wallet, fake, run };
}

const failure = (promise: Promise<unknown>) => rejection(promise, SigningError);

describe('expressVerify', () => {
  it('sends the signed payment as `transaction` (no signedTransaction) and no paymentAmount on the direct path', async () => {
    const { wallet, fake, run } = await setup(() => ({}));
    const result = await run({ senderTwitterHandle: '@me' });
    expect(fake.calls.find((c) => c.op === 'tokensCraftExpressTransaction')?.options.query).toEqual({ senderAddress: wallet.address });
    const body = fake.calls.find((c) => c.op === 'tokensExecuteExpress')?.options.body;
    expect(body).toEqual({
      transaction: result.signedTransaction,
      requestId: 'craft-1',
      senderAddress: wallet.address,
      tokenId: TOKEN,
      twitterHandle: '@example',
      description: 'why',
      senderTwitterHandle: '@me',
    });
  });

  it('sends paymentCurrency, the quoted paymentAmount and the platform-token output it yields on a swap path', async () => {
    const { fake, run } = await setup((wallet) => ({
      tokensCraftExpressTransaction: () =>
        craft(wallet, { inputMint: 'x', inputDecimals: 6, quotedInputAmount: '500123', maxInputAmount: '500123' }),
    }));
    await run({ paymentCurrency: 'STABLECOIN_USD' });
    expect(fake.calls.find((c) => c.op === 'tokensCraftExpressTransaction')?.options.query).toMatchObject({
      paymentCurrency: 'STABLECOIN_USD',
    });
    expect(fake.calls.find((c) => c.op === 'tokensExecuteExpress')?.options.body).toMatchObject({
      paymentCurrency: 'STABLECOIN_USD',
      paymentAmount: '500123',
      platformTokenOutputAmount: '1000000000',
    });
  });

  it("paying in native coin: wrapping it into the sender's own wrapped-native token account (then the swap) is signed", async () => {
    const NATIVE = 'So11111111111111111111111111111111111111112';
    const { fake, run } = await setup((wallet) => ({
      tokensCraftExpressTransaction: async () => {
        const wrapped = await associatedTokenAddress(wallet.address, NATIVE);
        const transaction = buildTransaction({
          version: 0,
          feePayer: wallet.address as never,
          instructions: [
            system.transfer(wallet.address, wrapped, 3_333_333_334n),
            rawInstruction(TOKEN_PROGRAM, [[wrapped, 'w']], [17]), // sync native
            token.transferChecked(randomAddress(), PAYMENT_MINT, RECEIVER_ACCOUNT, wallet.address, 1_000_000_000n, 6),
          ],
        }).base64;
        return craft(wallet, {
          transaction,
          inputMint: NATIVE,
          inputDecimals: 9,
          quotedInputAmount: '3333333334',
          maxInputAmount: '3333333334',
        });
      },
    }));
    await run({ paymentCurrency: 'NATIVE_COIN' });
    expect(fake.count('tokensExecuteExpress')).toBe(1);
  });

  it("on a swap path, native coin into someone else's wrapped-native account is still not signed", async () => {
    const NATIVE = 'So11111111111111111111111111111111111111112';
    const other = await associatedTokenAddress(randomAddress(), NATIVE);
    const { fake, run } = await setup((wallet) => ({
      tokensCraftExpressTransaction: () => {
        const transaction = buildTransaction({
          version: 0,
          feePayer: wallet.address as never,
          instructions: [
            system.transfer(wallet.address, other, 3_333_333_334n),
            token.transferChecked(randomAddress(), PAYMENT_MINT, RECEIVER_ACCOUNT, wallet.address, 1_000_000_000n, 6),
          ],
        }).base64;
        return craft(wallet, { transaction, inputMint: NATIVE, quotedInputAmount: '3333333334' });
      },
    }));
    expect((await failure(run({ paymentCurrency: 'NATIVE_COIN' }))).code).toBe('UNEXPECTED_TRANSFER');
    expect(fake.count('tokensExecuteExpress')).toBe(0);
  });

  it('a swap-path craft (another currency swapped) when the platform token was asked for is not signed', async () => {
    const { fake, run } = await setup((wallet) => ({
      tokensCraftExpressTransaction: () =>
        craft(wallet, { inputMint: randomAddress(), inputDecimals: 6, quotedInputAmount: '500123', maxInputAmount: '500123' }),
    }));
    const error = await failure(run());
    expect(error.code).toBe('UNEXPECTED_RESPONSE');
    expect(error.details).toMatchObject({ step: 'craft', field: 'quotedInputAmount' });
    expect(fake.count('tokensExecuteExpress')).toBe(0);
    const explicit = await setup((wallet) => ({
      tokensCraftExpressTransaction: () => craft(wallet, { inputMint: randomAddress(), quotedInputAmount: '500123' }),
    }));
    expect((await failure(explicit.run({ paymentCurrency: 'PLATFORM_TOKEN' }))).code).toBe('UNEXPECTED_RESPONSE');
  });

  it('a swap-path craft without the quotedInputAmount that execute takes as paymentAmount is not signed', async () => {
    for (const quotedInputAmount of [undefined, '', '12.5', 500123]) {
      const { fake, run } = await setup((wallet) => ({
        tokensCraftExpressTransaction: () => craft(wallet, { inputMint: randomAddress(), inputDecimals: 6, quotedInputAmount }),
      }));
      const error = await failure(run({ paymentCurrency: 'STABLECOIN_USD' }));
      expect(error.code, String(quotedInputAmount)).toBe('UNEXPECTED_RESPONSE');
      expect(error.details).toMatchObject({ step: 'craft', field: 'quotedInputAmount' });
      expect(fake.count('tokensExecuteExpress')).toBe(0);
    }
  });

  it('paying in native coin: a craft whose swap spends another mint than the wrapped-native one is not signed', async () => {
    const { fake, run } = await setup((wallet) => ({
      tokensCraftExpressTransaction: () =>
        craft(wallet, { inputMint: randomAddress(), inputDecimals: 6, quotedInputAmount: '500123', maxInputAmount: '500123' }),
    }));
    const error = await failure(run({ paymentCurrency: 'NATIVE_COIN' }));
    expect(error.code).toBe('UNEXPECTED_RESPONSE');
    expect(error.details).toMatchObject({ step: 'craft', field: 'inputMint', expected: 'So11111111111111111111111111111111111111112' });
    expect(fake.count('tokensExecuteExpress')).toBe(0);
  });

  it('a direct platform-token craft when another currency was asked for is not signed', async () => {
    const { fake, run } = await setup(() => ({}));
    const error = await failure(run({ paymentCurrency: 'STABLECOIN_USD' }));
    expect(error.code).toBe('UNEXPECTED_RESPONSE');
    expect(error.details).toMatchObject({ step: 'craft', field: 'quotedInputAmount' });
    expect(fake.count('tokensExecuteExpress')).toBe(0);
  });

  it('a tokenId or platformTokenMint that is not an address is INVALID_ARGUMENT before anything is crafted or signed', async () => {
    for (const extra of [
      { tokenId: 'not-a-mint', checkEligibility: false },
      { tokenId: `${TOKEN}1`, checkEligibility: false },
      { platformTokenMint: 'PLATFORM_TOKEN' },
    ]) {
      const { fake, run } = await setup(() => ({}));
      const error = await failure(run(extra));
      expect(error.code, JSON.stringify(extra)).toBe('INVALID_ARGUMENT');
      expect(Object.keys(error.details)).toEqual(['tokenId' in extra ? 'tokenId' : 'platformTokenMint']);
      expect(fake.calls).toEqual([]);
    }
  });

  it('fills the metadata tokenId the service requires from the token being verified', async () => {
    const { fake, run } = await setup(() => ({}));
    await run({ tokenMetadata: { name: 'Example', website: null } });
    const body = fake.calls.find((c) => c.op === 'tokensExecuteExpress')?.options.body as { tokenId: string; tokenMetadata: unknown };
    expect(body.tokenMetadata).toEqual({ name: 'Example', website: null, tokenId: body.tokenId });
  });

  it('a craft answer with a non-zero code is EXPRESS_FAILED; nothing is signed or sent', async () => {
    const { fake, run } = await setup((wallet) => ({
      tokensCraftExpressTransaction: () => craft(wallet, { code: 7, transaction: '', error: 'no route' }),
    }));
    const error = await failure(run());
    expect(error.code).toBe('EXPRESS_FAILED');
    expect(error.details).toMatchObject({ step: 'craft', code: 7, error: 'no route' });
    expect(fake.count('tokensExecuteExpress')).toBe(0);
  });

  /** A real client that validates every answer against the spec, over a fetch that answers by path. */
  function validatingClient(answers: Record<string, (wallet: Signer) => unknown>, wallet: Signer) {
    const calls: string[] = [];
    const client = createClient({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'k',
      responseValidator,
      logLevel: 'off',
      fetch: async (input: RequestInfo | URL) => {
        const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
        calls.push(path);
        return Response.json(answers[path.split('/').pop() as string]?.(wallet));
      },
    });
    const run = () =>
      expressVerify({ client, signer: wallet, tokenId: TOKEN, twitterHandle: '@example', description: 'why', checkEligibility: false });
    return { calls, run };
  }

  it("a failed craft (code not 0, error, nothing crafted) read by a client that validates answers is EXPRESS_FAILED with the service's error", async () => {
    // A failed craft answers 200 with `code` and `error` and leaves out what was not crafted: the
    // spec must not require those fields, or the validator throws before the flow reads the answer.
    const { calls, run } = validatingClient(
      { 'craft-txn': () => ({ code: 3, error: 'Insufficient balance to pay for verification', totalTime: 12 }) },
      await newSigner(),
    );
    const error = await failure(run());
    expect(error.code).toBe('EXPRESS_FAILED');
    expect(error.details).toMatchObject({ step: 'craft', code: 3, error: 'Insufficient balance to pay for verification' });
    expect(calls).toEqual(['/tokens/v2/verify/express/craft-txn']);
  });

  it('an execute status the spec does not list, read by a client that validates answers, is EXPRESS_STATUS_UNKNOWN (the open enum lets it through)', async () => {
    const { calls, run } = validatingClient(
      {
        'craft-txn': (wallet) => craft(wallet, { expireAt: undefined }),
        execute: () => ({ ...executed, signature: undefined, status: 'Pending' }),
      },
      await newSigner(),
    );
    const error = await failure(run());
    expect(error.code).toBe('EXPRESS_STATUS_UNKNOWN');
    expect(error.details).toMatchObject({ step: 'execute', status: 'Pending' });
    expect(calls).toEqual(['/tokens/v2/verify/express/craft-txn', '/tokens/v2/verify/express/execute']);
  });

  it('an execute answer that is not a success is EXPRESS_FAILED', async () => {
    const { run } = await setup(() => ({
      tokensExecuteExpress: () => ({ ...executed, status: 'Failed', code: -1, error: 'did not land' }),
    }));
    const error = await failure(run());
    expect(error.code).toBe('EXPRESS_FAILED');
    expect(error.details).toMatchObject({ step: 'execute', status: 'Failed', error: 'did not land' });
  });

  it.each([
    ['a status the spec does not list (Pending)', { status: 'Pending', code: 0 }],
    ['a status the spec does not list, without code', { status: 'Processing', code: undefined }],
    ['Success with a non-zero code (contradictory)', { status: 'Success', code: 1 }],
  ])('%s is not a failure: EXPRESS_STATUS_UNKNOWN names the signature and says the payment may have landed', async (_name, answer) => {
    const { fake, run } = await setup(() => ({ tokensExecuteExpress: () => ({ ...executed, ...answer }) }));
    const error = await failure(run());
    expect(error.code).toBe('EXPRESS_STATUS_UNKNOWN');
    expect(error.details).toMatchObject({ step: 'execute', requestId: 'craft-1', status: answer.status, signature: 'sig' });
    expect(error.message).toMatch(/may have landed/);
    expect(fake.count('tokensExecuteExpress')).toBe(1);
  });

  it('an execute error other than 409 is a REQUEST_FAILED', async () => {
    const { run } = await setup(() => ({
      tokensExecuteExpress: () => {
        throw apiError(400, { status: 400, message: 'bad', error: 'Transaction does not match' });
      },
    }));
    const error = await failure(run());
    expect(error.details).toMatchObject({ step: 'execute', status: 400 });
  });

  it.each([
    ['no answer', () => transportError('TimeoutError')],
    ['a 5xx', () => apiError(500, { status: 500, message: 'internal', error: 'internal' })],
  ])('%s from execute: REQUEST_FAILED names the payment signature and says it may have landed', async (_name, makeError) => {
    const { run } = await setup(() => ({
      tokensExecuteExpress: () => {
        throw makeError();
      },
    }));
    const error = await failure(run());
    expect(error.code).toBe('REQUEST_FAILED');
    expect(error.details).toMatchObject({ step: 'execute', requestId: 'craft-1' });
    expect(typeof error.details.signature).toBe('string');
    expect(error.message).toMatch(/may have landed/);
  });

  it("a gasless craft (the service's wallet pays the fee, the craft does not name it) is signed and executed", async () => {
    const gasWallet = randomAddress();
    const { wallet, fake, run } = await setup((wallet) => ({
      tokensCraftExpressTransaction: () => {
        const transfer = token.transferChecked(randomAddress(), PAYMENT_MINT, RECEIVER_ACCOUNT, wallet.address, 1_000_000_000n, 6);
        return craft(wallet, {
          gasless: true,
          transaction: buildTransaction({ version: 0, feePayer: gasWallet as never, instructions: [transfer] }).base64,
        });
      },
    }));
    const result = await run();
    expect(inspectTransaction(result.signedTransaction).signers.map((s) => [s.address, s.signed])).toEqual([
      [gasWallet, false],
      [wallet.address, true],
    ]);
    expect(fake.count('tokensExecuteExpress')).toBe(1);
  });

  it('a gasless craft still moves nothing else out of the sender', async () => {
    const { fake, run } = await setup((wallet) => ({
      tokensCraftExpressTransaction: () => {
        const transfer = token.transferChecked(randomAddress(), PAYMENT_MINT, RECEIVER_ACCOUNT, wallet.address, 1_000_000_000n, 6);
        const extra = system.transfer(wallet.address, randomAddress(), 1_000n);
        return craft(wallet, {
          gasless: true,
          transaction: buildTransaction({ version: 0, feePayer: randomAddress() as never, instructions: [transfer, extra] }).base64,
        });
      },
    }));
    expect((await failure(run())).code).toBe('UNEXPECTED_TRANSFER');
    expect(fake.count('tokensExecuteExpress')).toBe(0);
  });

  it('a payment paid by another wallet is refused by the signing checks', async () => {
    const { fake, run } = await setup((wallet) => ({
      tokensCraftExpressTransaction: () =>
        craft(wallet, { transaction: buildTransaction({ version: 0, feePayer: randomAddress(), signers: [wallet.address] }).base64 }),
    }));
    expect((await failure(run())).code).toBe('UNEXPECTED_FEE_PAYER');
    expect(fake.count('tokensExecuteExpress')).toBe(0);
  });

  it("a priority fee above the caller's maxPriorityFeeLamports is not signed; the craft's feeLamports (the signature fee) bounds nothing", async () => {
    const withFee = (sender: string, microLamports: bigint) => {
      const transfer = token.transferChecked(randomAddress(), PAYMENT_MINT, RECEIVER_ACCOUNT, sender, 1_000_000_000n, 6);
      const budget = [computeBudget.limit(200_000), computeBudget.price(microLamports)];
      return buildTransaction({ version: 0, feePayer: sender as never, instructions: [...budget, transfer] }).base64;
    };
    const high = await setup((wallet) => ({
      tokensCraftExpressTransaction: () => craft(wallet, { transaction: withFee(wallet.address, 5_000_000_000n) }), // 1 000 000 000 lamports
    }));
    const error = await rejection(
      high.run({ expectations: { maxPriorityFeeLamports: 100_000 } }),
      TransactionRejectedError,
      'PRIORITY_FEE_TOO_HIGH',
    );
    expect(error.details).toMatchObject({ priorityFeeLamports: '1000000000', maxPriorityFeeLamports: '100000' });
    expect(high.fake.count('tokensExecuteExpress')).toBe(0);
    const priced = await setup((wallet) => ({
      tokensCraftExpressTransaction: () => craft(wallet, { transaction: withFee(wallet.address, 100_000n) }), // 20 000 lamports, feeLamports 5000
    }));
    await priced.run();
    expect(priced.fake.count('tokensExecuteExpress')).toBe(1);
  });

  it('without a bound of the caller, a priority fee above DEFAULT_MAX_PRIORITY_FEE_LAMPORTS is not signed', async () => {
    const withFee = (sender: string) => {
      const transfer = token.transferChecked(randomAddress(), PAYMENT_MINT, RECEIVER_ACCOUNT, sender, 1_000_000_000n, 6);
      const budget = [computeBudget.limit(1_400_000), computeBudget.price(4_000_000n)]; // 5 600 000 lamports
      return buildTransaction({ version: 0, feePayer: sender as never, instructions: [...budget, transfer] }).base64;
    };
    const { fake, run } = await setup((wallet) => ({
      tokensCraftExpressTransaction: () => craft(wallet, { transaction: withFee(wallet.address) }),
    }));
    const error = await rejection(run(), TransactionRejectedError, 'PRIORITY_FEE_TOO_HIGH');
    expect(error.details).toMatchObject({
      priorityFeeLamports: '5600000',
      maxPriorityFeeLamports: String(DEFAULT_MAX_PRIORITY_FEE_LAMPORTS),
    });
    expect(fake.count('tokensExecuteExpress')).toBe(0);
    await run({ expectations: { maxPriorityFeeLamports: 6_000_000 } }); // the caller may raise it
    expect(fake.count('tokensExecuteExpress')).toBe(1);
  });

  it('aborted once the signed payment was sent: ABORTED names its signature and says it may still land', async () => {
    const controller = new AbortController();
    const { run } = await setup(() => ({
      tokensExecuteExpress: () => {
        controller.abort();
        throw new DOMException('The operation was aborted.', 'AbortError');
      },
    }));
    const error = await failure(run({ signal: controller.signal }));
    expect(error.code).toBe('ABORTED');
    expect(error.details).toMatchObject({ step: 'execute', requestId: 'craft-1' });
    expect(typeof error.details.signature).toBe('string');
    expect(error.message).toMatch(/may still land/);
  });

  it('a craft past its expireAt is not signed: EXPRESS_CRAFT_EXPIRED', async () => {
    const { fake, run } = await setup((wallet) => ({
      tokensCraftExpressTransaction: () => craft(wallet, { expireAt: '2025-12-31T23:59:59.000Z' }),
    }));
    const error = await failure(run());
    expect(error.code).toBe('EXPRESS_CRAFT_EXPIRED');
    expect(error.details).toMatchObject({ step: 'sign', expireAt: '2025-12-31T23:59:59.000Z' });
    expect(fake.count('tokensExecuteExpress')).toBe(0);
  });

  it('a craft without expireAt (the service may leave it out) is signed and executed', async () => {
    const { fake, run } = await setup((wallet) => ({
      tokensCraftExpressTransaction: () => {
        const { expireAt: _dropped, tokenUsdRate: _rate, feeUsdAmount: _fee, ...rest } = craft(wallet);
        return rest;
      },
    }));
    const result = await run();
    expect(result.execution).toMatchObject({ status: 'Success' });
    expect(fake.count('tokensExecuteExpress')).toBe(1);
  });

  it.each([
    ['pays another receiver', (sender: string) => payment(sender, 1_000_000_000n, randomAddress())],
    ['pays another amount', (sender: string) => payment(sender, 1_000_000_001n)],
  ])('a payment that %s than the craft answer says is not signed: UNEXPECTED_TRANSFER', async (_name, make) => {
    const { fake, run } = await setup((wallet) => ({
      tokensCraftExpressTransaction: () => craft(wallet, { transaction: make(wallet.address) }),
    }));
    expect((await failure(run())).code).toBe('UNEXPECTED_TRANSFER');
    expect(fake.count('tokensExecuteExpress')).toBe(0);
  });

  describe("the payment is the spec's (x-express-payment: 1000 PLATFORM_TOKEN, 1000000000 smallest units)", () => {
    it.each([
      ['a direct payment of more', {}, '1000000001'],
      ['a direct payment of less', {}, '999999999'],
      ['a swap path collecting less', { inputMint: randomAddress(), quotedInputAmount: '500123' }, '999999999'],
    ])('%s, even when the transaction agrees with the craft, is not signed: UNEXPECTED_RESPONSE', async (_name, extra, amount) => {
      const swapPath = 'quotedInputAmount' in extra;
      const { fake, run } = await setup((wallet) => ({
        tokensCraftExpressTransaction: () => craft(wallet, { ...extra, amount, transaction: payment(wallet.address, BigInt(amount)) }),
      }));
      const error = await failure(run(swapPath ? { paymentCurrency: 'STABLECOIN_USD' } : {}));
      expect(error.code).toBe('UNEXPECTED_RESPONSE');
      expect(error.details).toMatchObject({ step: 'craft', field: 'amount', actual: amount, expected: '1000000000' });
      expect(fake.count('tokensExecuteExpress')).toBe(0);
    });

    it('a swap path collecting more than 1000 PLATFORM_TOKEN (it yields at least that) is signed', async () => {
      const { fake, run } = await setup((wallet) => ({
        tokensCraftExpressTransaction: () =>
          craft(wallet, {
            inputMint: randomAddress(),
            quotedInputAmount: '500123',
            amount: '1000000500',
            transaction: payment(wallet.address, 1_000_000_500n),
          }),
      }));
      await run({ paymentCurrency: 'STABLECOIN_USD' });
      expect(fake.count('tokensExecuteExpress')).toBe(1);
    });

    it('with platformTokenMint, a craft whose payment mint is another is not signed: UNEXPECTED_RESPONSE', async () => {
      const other = randomAddress();
      const otherAccount = await associatedTokenAddress(RECEIVER, other);
      const { fake, run } = await setup((wallet) => ({
        tokensCraftExpressTransaction: () => {
          const transfer = token.transferChecked(randomAddress(), other, otherAccount, wallet.address, 1_000_000_000n, 6);
          const transaction = buildTransaction({ version: 0, feePayer: wallet.address as never, instructions: [transfer] }).base64;
          return craft(wallet, { mint: other, transaction });
        },
      }));
      const error = await failure(run({ platformTokenMint: PAYMENT_MINT }));
      expect(error.code).toBe('UNEXPECTED_RESPONSE');
      expect(error.details).toMatchObject({ step: 'craft', field: 'mint', expected: PAYMENT_MINT, actual: other });
      expect(fake.count('tokensExecuteExpress')).toBe(0);
      await run({ platformTokenMint: other }); // the same craft, when that is the mint the caller knows
      expect(fake.count('tokensExecuteExpress')).toBe(1);
    });

    it('a payment token with other decimals than the platform token is not signed: UNEXPECTED_RESPONSE', async () => {
      const { fake, run } = await setup((wallet) => ({ tokensCraftExpressTransaction: () => craft(wallet, { tokenDecimals: 9 }) }));
      const error = await failure(run());
      expect(error.code).toBe('UNEXPECTED_RESPONSE');
      expect(error.details).toMatchObject({ step: 'craft', field: 'tokenDecimals', actual: '9', expected: '6' });
      expect(fake.count('tokensExecuteExpress')).toBe(0);
    });

    it('reads the figure from the spec (the generated module agrees with the bundled operation)', () => {
      expect(operation('tokensCraftExpressTransaction').extensions['x-express-payment']).toEqual({
        currency: EXPRESS_PAYMENT.currency,
        amount: EXPRESS_PAYMENT.amount,
        decimals: EXPRESS_PAYMENT.decimals,
      });
    });
  });

  it.each([
    ['receiverAddress', 'not-an-address'],
    ['receiverAddress', undefined],
    ['mint', 'not-an-address'],
  ])(
    "a craft whose %s is %s is UNEXPECTED_RESPONSE naming it (not the caller's INVALID_ARGUMENT); nothing signed",
    async (field, value) => {
      const { fake, run } = await setup((wallet) => ({ tokensCraftExpressTransaction: () => craft(wallet, { [field]: value }) }));
      const error = await failure(run());
      expect(error.code).toBe('UNEXPECTED_RESPONSE');
      expect(error.details).toMatchObject({ step: 'craft', field, actual: String(value) });
      expect(fake.count('tokensExecuteExpress')).toBe(0);
    },
  );

  it('a token that does not exist stops at eligibility with the service reason', async () => {
    const { run } = await setup(() => ({
      tokensCheckExpressEligibility: () => ({
        ...eligible,
        tokenExists: false,
        canVerify: false,
        verificationError: 'Token does not exist',
      }),
    }));
    const error = await failure(run());
    expect(error.code).toBe('EXPRESS_NOT_ELIGIBLE');
    expect(error.message).toContain('Token does not exist');
  });
});
