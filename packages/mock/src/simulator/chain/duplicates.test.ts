// One signature lands once, whichever endpoint and requestId carry it (the chain's status cache).
import { describe, expect, it } from 'vitest';
import { TIP_RECEIVERS } from './addresses.js';
import { systemTransfer } from './instructions.js';
import { buildTransaction } from './transactions.js';
import {
  call,
  createTestWallet,
  EXAMPLE_TOKEN,
  login,
  makeSimulator,
  NATIVE,
  PLATFORM_TOKEN,
  recentBlockhash,
  STABLECOIN,
} from '../test-support/harness.js';

const execute = (sim: ReturnType<typeof makeSimulator>, signedTransaction: string, requestId: string) =>
  call(sim, 'POST', '/swap/v2/execute', { body: { signedTransaction, requestId } });

describe('a signature lands once', () => {
  it('swap execute: the same signed transaction under a second requestId fails to land (-1000) and moves nothing', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const query = { inputMint: PLATFORM_TOKEN, outputMint: STABLECOIN, amount: '100000000', taker: wallet.address };
    const a = (await call(sim, 'GET', '/swap/v2/order', { query })).body;
    const b = (await call(sim, 'GET', '/swap/v2/order', { query })).body;
    // Same slot, same inputs: the same message, as on the real chain.
    expect(b.requestId).not.toBe(a.requestId);
    expect(b.transaction).toBe(a.transaction);
    const signed = await wallet.signTransaction(a.transaction);
    const first = await execute(sim, signed, a.requestId);
    expect(first.body).toMatchObject({ status: 'Success', code: 0 });
    const second = await execute(sim, signed, b.requestId);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ status: 'Failed', code: -1000, signature: first.body.signature });
    expect(second.body.error).toMatch(/already processed/);
    expect(sim.control.getBalance(wallet.address, PLATFORM_TOKEN)).toBe(100_000_000_000n - 100_000_000n);
    expect(sim.control.getBalance(wallet.address, STABLECOIN)).toBe(10_000_000_000n + 49_950_000n);
    // Polling either requestId answers what it answered before.
    expect((await execute(sim, signed, a.requestId)).body).toEqual(first.body);
    expect((await execute(sim, signed, b.requestId)).body).toEqual(second.body);
  });

  it('swap execute: the same co-signed (gasless RFQ) transaction lands once', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const query = { inputMint: NATIVE, outputMint: STABLECOIN, amount: '1000000000', taker: wallet.address };
    const a = (await call(sim, 'GET', '/swap/v2/order', { query })).body;
    const b = (await call(sim, 'GET', '/swap/v2/order', { query })).body;
    expect(a.router).toBe('router_rfq');
    expect(b.transaction).toBe(a.transaction);
    const signed = await wallet.signTransaction(a.transaction);
    expect((await execute(sim, signed, a.requestId)).body).toMatchObject({ status: 'Success' });
    expect((await execute(sim, signed, b.requestId)).body).toMatchObject({ status: 'Failed', code: -2000 });
  });

  it('across endpoints: a swap transaction submitted through /tx/v1/submit does not land again through /swap/v2/execute', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const query = {
      inputMint: PLATFORM_TOKEN,
      outputMint: STABLECOIN,
      amount: '100000000',
      taker: wallet.address,
      bundleTipLamports: '1000000',
    };
    const o = (await call(sim, 'GET', '/swap/v2/order', { query })).body;
    const signedTransaction = await wallet.signTransaction(o.transaction);
    const submitted = await call(sim, 'POST', '/tx/v1/submit', { body: { signedTransaction } });
    expect(submitted.status).toBe(200);
    const executed = await execute(sim, signedTransaction, o.requestId);
    expect(executed.body).toMatchObject({ status: 'Failed', code: -1000, signature: submitted.body.signature });
    // It moved once, when it landed through /tx/v1/submit.
    expect(sim.control.getBalance(wallet.address, PLATFORM_TOKEN)).toBe(100_000_000_000n - 100_000_000n);
  });

  it('tx submit: a second submit of the same transaction is refused with 400 {error}', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const built = buildTransaction({
      feePayer: wallet.address,
      instructions: [systemTransfer(wallet.address, TIP_RECEIVERS[0]!, 1_000_000n)],
      blockhash: await recentBlockhash(sim),
      lastValidBlockHeight: 1,
    });
    const signedTransaction = await wallet.signTransaction(built.base64);
    const first = await call(sim, 'POST', '/tx/v1/submit', { body: { signedTransaction } });
    expect(first.status).toBe(200);
    const again = await call(sim, 'POST', '/tx/v1/submit', { body: { signedTransaction } });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: expect.stringMatching(new RegExp(`already processed.*${first.body.signature}`)) });
  });

  it('express execute: one signed payment cannot verify two tokens from two identical crafts', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const other = '6fd8k5X66KFcLyFpw18Ejp8cQmNdCBMfBUtgpujhyNzE';
    sim.control.setTokenVerification(other, { exists: true, verified: false });
    const craftA = (await call(sim, 'GET', '/tokens/v2/verify/express/craft-txn', { query: { senderAddress: wallet.address } })).body;
    const craftB = (await call(sim, 'GET', '/tokens/v2/verify/express/craft-txn', { query: { senderAddress: wallet.address } })).body;
    expect(craftB.transaction).toBe(craftA.transaction);
    const transaction = await wallet.signTransaction(craftA.transaction);
    const details = { senderAddress: wallet.address, twitterHandle: 'example_project', description: 'Community token.' };
    const first = await call(sim, 'POST', '/tokens/v2/verify/express/execute', {
      body: { transaction, requestId: craftA.requestId, tokenId: EXAMPLE_TOKEN, ...details },
    });
    expect(first.body).toMatchObject({ status: 'Success' });
    const second = await call(sim, 'POST', '/tokens/v2/verify/express/execute', {
      body: { transaction, requestId: craftB.requestId, tokenId: other, ...details },
    });
    expect(second.status).toBe(400);
    expect(second.body).toMatchObject({ status: 400, error: 'Bad Request', message: expect.stringMatching(/already processed/) });
    expect(sim.control.getBalance(wallet.address, PLATFORM_TOKEN)).toBe(100_000_000_000n - 1_000_000_000n);
  });

  it('trigger v2: two deposits crafted in the same slot are two transactions, each funding one order once', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const token = await login(sim, wallet);
    await call(sim, 'GET', '/trigger/v2/vault/register', { token });
    const craftBody = {
      userAddress: wallet.address,
      orderType: 'price',
      orderSubType: 'single',
      inputMint: NATIVE,
      outputMint: STABLECOIN,
      amount: '100000000',
    };
    const a = (await call(sim, 'POST', '/trigger/v2/deposit/craft', { token, body: craftBody })).body;
    const b = (await call(sim, 'POST', '/trigger/v2/deposit/craft', { token, body: craftBody })).body;
    expect(b.transaction).not.toBe(a.transaction);
    const before = sim.control.getBalance(wallet.address, NATIVE)!;
    const create = async (depositRequestId: string, depositSignedTx: string) =>
      call(sim, 'POST', '/trigger/v2/orders/price', {
        token,
        body: {
          orderType: 'single',
          depositRequestId,
          depositSignedTx,
          userPubkey: wallet.address,
          inputMint: NATIVE,
          inputAmount: '100000000',
          outputMint: STABLECOIN,
          triggerMint: NATIVE,
          expiresAt: sim.control.now() + 86_400_000,
          triggerCondition: 'above',
          triggerPriceUsd: 170,
          slippageBps: 50,
        },
      });
    const signedA = await wallet.signTransaction(a.transaction);
    expect((await create(a.requestId, signedA)).status).toBe(200);
    // A's signed deposit cannot fund B.
    expect((await create(b.requestId, signedA)).status).toBe(400);
    // Each deposit, and its network fee (5000 lamports for its one signature).
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(before - 100_000_000n - 5000n);
    expect((await create(b.requestId, await wallet.signTransaction(b.transaction))).status).toBe(200);
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(before - 200_000_000n - 10_000n);
  });

  it('control reset forgets landed signatures', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const o = (
      await call(sim, 'GET', '/swap/v2/order', {
        query: { inputMint: PLATFORM_TOKEN, outputMint: STABLECOIN, amount: '100000000', taker: wallet.address },
      })
    ).body;
    const signed = await wallet.signTransaction(o.transaction);
    expect((await execute(sim, signed, o.requestId)).body.status).toBe('Success');
    sim.control.reset();
    const again = (
      await call(sim, 'GET', '/swap/v2/order', {
        query: { inputMint: PLATFORM_TOKEN, outputMint: STABLECOIN, amount: '100000000', taker: wallet.address },
      })
    ).body;
    expect(again.transaction).toBe(o.transaction);
    expect((await execute(sim, signed, again.requestId)).body.status).toBe('Success');
  });
});
