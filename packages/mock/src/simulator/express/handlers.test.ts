import { describe, expect, it } from 'vitest';
import { EXPRESS_RECEIVER } from '../chain/addresses.js';
import { BLOCKHASH_VALIDITY_BLOCKS, MS_PER_BLOCK } from '../chain/ledger.js';
import { decodeTransaction } from '../chain/transactions.js';
import { associatedTokenAccount } from '../chain/instructions.js';
import { call, createTestWallet, EXAMPLE_TOKEN, makeSimulator, PLATFORM_TOKEN, STABLECOIN } from '../test-support/harness.js';

const details = { twitterHandle: 'example_project', description: 'Community token.' };

type Wallet = Awaited<ReturnType<typeof createTestWallet>>;

/** The craft of a payment by `wallet`, in `paymentCurrency` (the default when absent). */
const craftFor = (sim: ReturnType<typeof makeSimulator>, wallet: Wallet, paymentCurrency?: string) =>
  call(sim, 'GET', '/tokens/v2/verify/express/craft-txn', {
    query: { senderAddress: wallet.address, ...(paymentCurrency ? { paymentCurrency } : {}) },
  });

/** Executes `craft` signed by `wallet`; with `paymentCurrency`, sending the quoted input as `paymentAmount`. */
const executeCraft = async (
  sim: ReturnType<typeof makeSimulator>,
  wallet: Wallet,
  craft: { transaction: string; requestId: string; quotedInputAmount?: string },
  options: { tokenId?: string; paymentCurrency?: string } = {},
) =>
  call(sim, 'POST', '/tokens/v2/verify/express/execute', {
    body: {
      transaction: await wallet.signTransaction(craft.transaction),
      requestId: craft.requestId,
      senderAddress: wallet.address,
      tokenId: options.tokenId ?? EXAMPLE_TOKEN,
      ...details,
      ...(options.paymentCurrency ? { paymentCurrency: options.paymentCurrency, paymentAmount: craft.quotedInputAmount } : {}),
    },
  });

describe('express verification', () => {
  it('reports eligibility: the example token can verify, listed tokens are verified', async () => {
    const sim = makeSimulator();
    expect((await call(sim, 'GET', '/tokens/v2/verify/express/check-eligibility', { query: { tokenId: EXAMPLE_TOKEN } })).body).toEqual({
      tokenExists: true,
      isVerified: false,
      canVerify: true,
      canMetadata: true,
    });
    expect(
      (await call(sim, 'GET', '/tokens/v2/verify/express/check-eligibility', { query: { tokenId: PLATFORM_TOKEN } })).body,
    ).toMatchObject({ isVerified: true, canVerify: false });
    const missing = await call(sim, 'GET', '/tokens/v2/verify/express/check-eligibility', {});
    // tokenId is required: the request check answers in the express shape, with no cause code.
    expect(missing.body).toEqual({ status: 400, message: 'Missing required query parameter tokenId', error: 'Bad Request' });
  });

  it('crafts the direct payment of exactly 1000 PLATFORM_TOKEN and executes it', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const craft = await call(sim, 'GET', '/tokens/v2/verify/express/craft-txn', { query: { senderAddress: wallet.address } });
    expect(craft.body).toMatchObject({
      receiverAddress: EXPRESS_RECEIVER,
      mint: PLATFORM_TOKEN,
      amount: '1000000000',
      tokenDecimals: 6,
      code: 0,
      gasless: false,
      tokenUsdRate: 0.5,
    });
    expect(craft.body.inputMint).toBeUndefined();
    // The payment goes to the receiver's associated token account (a real token transferChecked).
    expect(decodeTransaction(craft.body.transaction)!.staticAccounts).toContain(
      await associatedTokenAccount(EXPRESS_RECEIVER, PLATFORM_TOKEN),
    );
    const transaction = await wallet.signTransaction(craft.body.transaction);
    const exec = await call(sim, 'POST', '/tokens/v2/verify/express/execute', {
      body: {
        transaction,
        requestId: craft.body.requestId,
        senderAddress: wallet.address,
        tokenId: EXAMPLE_TOKEN,
        ...details,
        tokenMetadata: { tokenId: EXAMPLE_TOKEN, name: 'Example' },
      },
    });
    expect(exec.body).toMatchObject({ status: 'Success', code: 0, verificationCreated: true, metadataCreated: true });
    expect(sim.control.getBalance(wallet.address, PLATFORM_TOKEN)).toBe(100_000_000_000n - 1_000_000_000n);
    const again = await call(sim, 'POST', '/tokens/v2/verify/express/execute', {
      body: { transaction, requestId: craft.body.requestId, senderAddress: wallet.address, tokenId: EXAMPLE_TOKEN, ...details },
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ status: 409, message: 'Token is not eligible for express verification', error: 'Conflict' });
  });

  it('crafts a swap path for every other currency, sized to yield at least 1000 PLATFORM_TOKEN', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    for (const currency of ['NATIVE_COIN', 'STABLECOIN_USD', 'PLATFORM_STABLE']) {
      const craft = await call(sim, 'GET', '/tokens/v2/verify/express/craft-txn', {
        query: { senderAddress: wallet.address, paymentCurrency: currency },
      });
      expect(craft.status, currency).toBe(200);
      expect(craft.body.quotedInputAmount).toBe(craft.body.maxInputAmount);
      expect(BigInt(craft.body.amount)).toBeGreaterThanOrEqual(1_000_000_000n);
    }
    const stable = await call(sim, 'GET', '/tokens/v2/verify/express/craft-txn', {
      query: { senderAddress: wallet.address, paymentCurrency: 'STABLECOIN_USD' },
    });
    expect(stable.body).toMatchObject({ inputMint: STABLECOIN, inputDecimals: 6, quotedInputAmount: '500000000' });
    const transaction = await wallet.signTransaction(stable.body.transaction);
    const base = {
      transaction,
      requestId: stable.body.requestId,
      senderAddress: wallet.address,
      tokenId: EXAMPLE_TOKEN,
      ...details,
      paymentCurrency: 'STABLECOIN_USD',
    };
    expect((await call(sim, 'POST', '/tokens/v2/verify/express/execute', { body: base })).body.message).toMatch(
      /paymentAmount is required/,
    );
    const ok = await call(sim, 'POST', '/tokens/v2/verify/express/execute', { body: { ...base, paymentAmount: '500000000' } });
    expect(ok.body.status).toBe('Success');
  });

  it('credits the payment to the receiver: what the sender pays, the receiver gains (direct and swapped)', async () => {
    const sim = makeSimulator();
    const execute = async (wallet: Wallet, tokenId: string, paymentCurrency?: string) => {
      const craft = await craftFor(sim, wallet, paymentCurrency);
      expect((await executeCraft(sim, wallet, craft.body, { tokenId, ...(paymentCurrency ? { paymentCurrency } : {}) })).body.status).toBe(
        'Success',
      );
      return craft.body;
    };
    const platform = (address: string) => sim.control.getBalance(address, PLATFORM_TOKEN)!;
    const receiverBefore = platform(EXPRESS_RECEIVER);
    const direct = await createTestWallet();
    await execute(direct, EXAMPLE_TOKEN);
    // A transfer: the sum of the two balances does not change.
    expect(platform(direct.address)).toBe(100_000_000_000n - 1_000_000_000n);
    expect(platform(EXPRESS_RECEIVER)).toBe(receiverBefore + 1_000_000_000n);
    // The swap path: the swap yields the sender `amount` (at an unchanged price), which it transfers.
    const swapper = await createTestWallet();
    // Another token to verify (a mint the simulator does not list exists and is not verified).
    const craft = await execute(swapper, (await createTestWallet()).address, 'NATIVE_COIN');
    expect(platform(EXPRESS_RECEIVER)).toBe(receiverBefore + 2_000_000_000n);
    expect(platform(swapper.address)).toBe(100_000_000_000n + BigInt(craft.amount) - 1_000_000_000n);
  });

  it('refuses a swapped payment whose swap yields less than 1000 PLATFORM_TOKEN at execute (the price moved): nothing moves', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const craft = await craftFor(sim, wallet, 'STABLECOIN_USD');
    sim.control.setPrice('PLATFORM_TOKEN', 0.6);
    const exec = await executeCraft(sim, wallet, craft.body, { paymentCurrency: 'STABLECOIN_USD' });
    expect(exec.status).toBe(400);
    expect(exec.body.message).toMatch(
      /^Instruction 1: custom program error 6001: slippage tolerance exceeded \(833333333 at the current price, minimum 1000000000\)/,
    );
    expect(sim.control.getBalance(wallet.address, STABLECOIN)).toBe(10_000_000_000n);
    expect(sim.control.getBalance(EXPRESS_RECEIVER, PLATFORM_TOKEN)).toBe(100_000_000_000n);
  });

  it('transfers to the receiver the amount the craft says it collects, on a swap path too', async () => {
    const sim = makeSimulator();
    // A price at which no whole number of units buys exactly 1000 PLATFORM_TOKEN: the least that buys
    // at least that (499 999 501 units) yields 1 000 000 001.
    sim.control.setPrice('STABLECOIN_USD', 1.000001);
    const wallet = await createTestWallet();
    const craft = await craftFor(sim, wallet, 'STABLECOIN_USD');
    expect(craft.body.amount).toBe('1000000001');
    const transfer = decodeTransaction(craft.body.transaction)!.instructions.find((ix) => ix.data[0] === 12 && ix.data.length === 10)!;
    expect(new DataView(transfer.data.buffer, transfer.data.byteOffset + 1, 8).getBigUint64(0, true)).toBe(BigInt(craft.body.amount));
    const receiverBefore = sim.control.getBalance(EXPRESS_RECEIVER, PLATFORM_TOKEN)!;
    const exec = await executeCraft(sim, wallet, craft.body, { paymentCurrency: 'STABLECOIN_USD' });
    expect(exec.body).toMatchObject({ status: 'Success', platformTokenOutputAmount: craft.body.amount });
    expect(sim.control.getBalance(EXPRESS_RECEIVER, PLATFORM_TOKEN)).toBe(receiverBefore + BigInt(craft.body.amount));
  });

  it("takes a currency beyond the spec's known ones when it can price it, and refuses one it cannot in the express error shape", async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const craft = (paymentCurrency: string) =>
      call(sim, 'GET', '/tokens/v2/verify/express/craft-txn', { query: { senderAddress: wallet.address, paymentCurrency } });
    // A token of the simulator's world the spec does not list (the service adds currencies over time).
    const priced = await craft('EXAMPLE_TOKEN');
    expect(priced.status).toBe(200);
    expect(priced.body).toMatchObject({ inputMint: EXAMPLE_TOKEN, mint: PLATFORM_TOKEN });
    expect(BigInt(priced.body.amount)).toBeGreaterThanOrEqual(1_000_000_000n);
    for (const unknown of ['NEW_COIN', STABLECOIN]) {
      const refused = await craft(unknown);
      expect(refused.body, unknown).toEqual({
        status: 400,
        message: `Unsupported paymentCurrency ${unknown}: a token symbol the service can price`,
        error: 'Bad Request',
      });
    }
  });

  it('rejects an unsigned, mismatched or expired payment', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const craft = await call(sim, 'GET', '/tokens/v2/verify/express/craft-txn', { query: { senderAddress: wallet.address } });
    const body = {
      transaction: craft.body.transaction,
      requestId: craft.body.requestId,
      senderAddress: wallet.address,
      tokenId: EXAMPLE_TOKEN,
      ...details,
    };
    expect((await call(sim, 'POST', '/tokens/v2/verify/express/execute', { body })).body.message).toMatch(/not signed/);
    expect((await call(sim, 'POST', '/tokens/v2/verify/express/execute', { body: { ...body, requestId: 'nope' } })).status).toBe(400);
    sim.control.advanceTime(121_000);
    const late = await call(sim, 'POST', '/tokens/v2/verify/express/execute', {
      body: { ...body, transaction: await wallet.signTransaction(craft.body.transaction) },
    });
    expect(late.body.message).toMatch(/expired/);
    expect(late.body.code).toBe('TRANSACTION_EXPIRED');
  });

  it('does not verify a token when the sender no longer holds the payment at execute', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const craft = await call(sim, 'GET', '/tokens/v2/verify/express/craft-txn', { query: { senderAddress: wallet.address } });
    expect(craft.status).toBe(200);
    // Spent elsewhere between the craft and the execute.
    sim.control.setBalance(wallet.address, 'PLATFORM_TOKEN', 999_999_999n);
    const exec = await call(sim, 'POST', '/tokens/v2/verify/express/execute', {
      body: {
        transaction: await wallet.signTransaction(craft.body.transaction),
        requestId: craft.body.requestId,
        senderAddress: wallet.address,
        tokenId: EXAMPLE_TOKEN,
        ...details,
      },
    });
    expect(exec.status).toBe(400);
    expect(exec.body).toEqual({
      status: 400,
      message: 'Insufficient PLATFORM_TOKEN balance: need 1000000000, have 999999999',
      error: 'Bad Request',
    });
    expect(sim.control.getBalance(wallet.address, PLATFORM_TOKEN)).toBe(999_999_999n);
    const eligibility = await call(sim, 'GET', '/tokens/v2/verify/express/check-eligibility', { query: { tokenId: EXAMPLE_TOKEN } });
    expect(eligibility.body).toMatchObject({ isVerified: false, canVerify: true });
  });

  it('expires the crafted payment with its blockhash: expireAt is when the transaction can no longer land', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const craft = await call(sim, 'GET', '/tokens/v2/verify/express/craft-txn', { query: { senderAddress: wallet.address } });
    const transaction = await wallet.signTransaction(craft.body.transaction);
    // The blockhash lives 150 blocks of 400 ms; the stated expiry is no later.
    expect(Date.parse(craft.body.expireAt)).toBeLessThanOrEqual(sim.control.now() + BLOCKHASH_VALIDITY_BLOCKS * MS_PER_BLOCK);
    sim.control.advanceTime(BLOCKHASH_VALIDITY_BLOCKS * MS_PER_BLOCK + MS_PER_BLOCK);
    const late = await call(sim, 'POST', '/tokens/v2/verify/express/execute', {
      body: { transaction, requestId: craft.body.requestId, senderAddress: wallet.address, tokenId: EXAMPLE_TOKEN, ...details },
    });
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('TRANSACTION_EXPIRED');
    expect(sim.control.getBalance(wallet.address, PLATFORM_TOKEN)).toBe(100_000_000_000n);
  });

  it('rejects a sender without 1000 PLATFORM_TOKEN', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    sim.control.setBalance(wallet.address, 'PLATFORM_TOKEN', 999_999_999n);
    const craft = await call(sim, 'GET', '/tokens/v2/verify/express/craft-txn', { query: { senderAddress: wallet.address } });
    expect(craft.status).toBe(400);
    expect(craft.body.message).toMatch(/Insufficient PLATFORM_TOKEN/);
  });

  it('verifies a token once when two payments for it are executed at the same time: the other answers 409 and pays nothing', async () => {
    const sim = makeSimulator();
    const payers = [await createTestWallet(), await createTestWallet()];
    const bodies = await Promise.all(
      payers.map(async (wallet) => {
        const craft = await call(sim, 'GET', '/tokens/v2/verify/express/craft-txn', { query: { senderAddress: wallet.address } });
        return {
          transaction: await wallet.signTransaction(craft.body.transaction),
          requestId: craft.body.requestId,
          senderAddress: wallet.address,
          tokenId: EXAMPLE_TOKEN,
          ...details,
        };
      }),
    );
    const answers = await Promise.all(bodies.map((body) => call(sim, 'POST', '/tokens/v2/verify/express/execute', { body })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const paid = payers.filter((w) => sim.control.getBalance(w.address, PLATFORM_TOKEN) !== 100_000_000_000n);
    expect(paid).toHaveLength(1);
  });
});
