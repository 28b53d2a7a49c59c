import { describe, expect, it } from 'vitest';
import { systemTransfer } from './chain/instructions.js';
import { buildTransaction } from './chain/transactions.js';
import { call, createTestWallet, makeSimulator, NATIVE, recentBlockhash, TAKER } from './test-support/harness.js';

const post = (sim: ReturnType<typeof makeSimulator>, action: string, body: unknown) =>
  sim.fetch(
    new Request(`http://localhost/__control/${action}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    }),
  );

describe('control route set-stake', () => {
  it('sets the portfolio answer of an address', async () => {
    const sim = makeSimulator();
    const res = await post(sim, 'set-stake', { address: TAKER, stakedAmount: 1234.5, unstaking: [{ amount: 10, until: 1785542400000 }] });
    expect(res.status).toBe(200);
    const { body } = await call(sim, 'GET', `/portfolio/v1/staked-platform-token/${TAKER}`);
    expect(body).toEqual({ stakedAmount: 1234.5, unstaking: [{ amount: 10, until: 1785542400000 }] });
    expect((await post(sim, 'set-stake', { address: TAKER, stakedAmount: 0 })).status).toBe(200);
    expect((await call(sim, 'GET', `/portfolio/v1/staked-platform-token/${TAKER}`)).body).toEqual({ stakedAmount: 0, unstaking: [] });
  });

  it('answers 400 for a body it cannot apply', async () => {
    const sim = makeSimulator();
    expect((await post(sim, 'set-stake', { address: TAKER })).status).toBe(400);
    expect((await post(sim, 'set-stake', { address: TAKER, stakedAmount: 1, unstaking: [{ amount: 1 }] })).status).toBe(400);
    expect((await post(sim, 'set-stake', { address: TAKER, stakedAmount: 1, unstaking: 'soon' })).status).toBe(400);
  });
});

describe('control route send-transaction', () => {
  it('lands a signed transaction without a tip, once, and answers 400 {error} for what does not land', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const friend = (await createTestWallet()).address;
    const built = buildTransaction({
      feePayer: wallet.address,
      instructions: [systemTransfer(wallet.address, friend, 7n)],
      blockhash: await recentBlockhash(sim),
      lastValidBlockHeight: 0,
    });
    const signedTransaction = await wallet.signTransaction(built.base64);
    const first = await post(sim, 'send-transaction', { signedTransaction });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ ok: true, signature: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/) });
    const again = await post(sim, 'send-transaction', { signedTransaction });
    expect(again.status).toBe(400);
    expect((await again.json()).error).toMatch(/already processed/);
    expect(sim.control.getBalance(friend, NATIVE)).toBe(10_000_000_007n);
    expect((await post(sim, 'send-transaction', {})).status).toBe(400);
    expect((await post(sim, 'send-transaction', { signedTransaction: 'QUJD' })).status).toBe(400);
    expect((await post(sim, 'send-transaction', { signedTransaction, extra: 1 })).status).toBe(400);
    expect((await sim.fetch(new Request('http://localhost/__control/send-transaction'))).status).toBe(405);
  });
});
