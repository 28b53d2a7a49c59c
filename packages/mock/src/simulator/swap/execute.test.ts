import { describe, expect, it } from 'vitest';
import { CODES, EXECUTE_CODES, executeCode } from './execute-codes.js';
import { call, createTestWallet, makeSimulator, NATIVE, PLATFORM_TOKEN, STABLECOIN } from '../test-support/harness.js';
import { world } from '../world.js';
import { GAS_WALLET, TIP_RECEIVERS } from '../chain/addresses.js';
import { networkFee } from '../chain/fees.js';
import { decodeTransaction } from '../chain/transactions.js';
import { tokenAccountOf } from '../chain/token-accounts.js';

const tokenAccount = (owner: string, mint: string): string => tokenAccountOf(owner, mint)!;

async function order(sim: ReturnType<typeof makeSimulator>, taker: string, query: Record<string, string> = {}) {
  const res = await call(sim, 'GET', '/swap/v2/order', {
    query: { inputMint: PLATFORM_TOKEN, outputMint: STABLECOIN, amount: '100000000', taker, ...query },
  });
  expect(res.status).toBe(200);
  expect(res.body.transaction).toBeTruthy();
  return res.body;
}

describe('POST /swap/v2/execute', () => {
  it('lands the taker-signed transaction and moves balances', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const o = await order(sim, wallet.address);
    const signedTransaction = await wallet.signTransaction(o.transaction);
    const res = await call(sim, 'POST', '/swap/v2/execute', { body: { signedTransaction, requestId: o.requestId } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'Success',
      code: 0,
      totalInputAmount: '100000000',
      totalOutputAmount: '49950000',
      outputAmountResult: '50000000',
      swapEvents: [{ inputMint: PLATFORM_TOKEN, outputMint: STABLECOIN, inputAmount: '100000000', outputAmount: '50000000' }],
    });
    expect(sim.control.getBalance(wallet.address, PLATFORM_TOKEN)).toBe(100_000_000_000n - 100_000_000n);
    expect(sim.control.getBalance(wallet.address, STABLECOIN)).toBe(10_000_000_000n + 49_950_000n);
    // The network fee the transaction sets: 5000 lamports for its signature, and 10 000 micro-lamports
    // per unit times its 1 000 000-unit limit: the order's priority fee of 10 000 lamports, exactly.
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(10_000_000_000n - 5000n - 10_000n);
  });

  it('returns the same result when the same transaction is re-sent within 2 minutes', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const o = await order(sim, wallet.address);
    const signedTransaction = await wallet.signTransaction(o.transaction);
    const first = await call(sim, 'POST', '/swap/v2/execute', { body: { signedTransaction, requestId: o.requestId } });
    sim.control.advanceTime(90_000);
    const again = await call(sim, 'POST', '/swap/v2/execute', { body: { signedTransaction, requestId: o.requestId } });
    expect(again.body).toEqual(first.body);
    expect(sim.control.getBalance(wallet.address, STABLECOIN)).toBe(10_000_000_000n + 49_950_000n);
    sim.control.advanceTime(121_000);
    const gone = await call(sim, 'POST', '/swap/v2/execute', { body: { signedTransaction, requestId: o.requestId } });
    expect(gone.status).toBe(400);
    expect(gone.body.code).toBe(-1);
  });

  it('answers a re-send of the same bytes in another base64 spelling as the first send, and lands it once', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const o = await order(sim, wallet.address);
    const signedTransaction = await wallet.signTransaction(o.transaction);
    // The same bytes with non-zero unused bits before the padding: another text for the same transaction.
    const padding = signedTransaction.length - signedTransaction.replace(/=+$/, '').length;
    expect(padding, 'the transaction needs padding for another spelling').toBeGreaterThan(0);
    const last = signedTransaction.length - padding - 1;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const respelled = signedTransaction.slice(0, last) + alphabet[alphabet.indexOf(signedTransaction[last]!) + 1]! + '='.repeat(padding);
    expect(respelled).not.toBe(signedTransaction);
    expect(Buffer.from(respelled, 'base64').equals(Buffer.from(signedTransaction, 'base64'))).toBe(true);
    const first = await call(sim, 'POST', '/swap/v2/execute', { body: { signedTransaction, requestId: o.requestId } });
    const again = await call(sim, 'POST', '/swap/v2/execute', { body: { signedTransaction: respelled, requestId: o.requestId } });
    expect(first.body.status).toBe('Success');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(sim.control.getBalance(wallet.address, PLATFORM_TOKEN)).toBe(100_000_000_000n - 100_000_000n);
  });

  it('answers -1 for an unknown requestId, -2 for a non-transaction, -3 for another message', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const o1 = await order(sim, wallet.address);
    const o2 = await order(sim, wallet.address, { amount: '200000000' });
    const signed2 = await wallet.signTransaction(o2.transaction);
    expect((await call(sim, 'POST', '/swap/v2/execute', { body: { signedTransaction: signed2, requestId: 'nope' } })).body.code).toBe(-1);
    expect((await call(sim, 'POST', '/swap/v2/execute', { body: { signedTransaction: 'AAAA', requestId: o1.requestId } })).body.code).toBe(
      -2,
    );
    const mismatch = await call(sim, 'POST', '/swap/v2/execute', { body: { signedTransaction: signed2, requestId: o1.requestId } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.code).toBe(-3);
  });

  it('checks the taker signature: another key → -2, no signature → Failed -1003', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const intruder = await createTestWallet();
    const o = await order(sim, wallet.address);
    const forged = await intruder.signTransaction(o.transaction); // adds nothing: intruder is not a signer slot
    const unsigned = await call(sim, 'POST', '/swap/v2/execute', { body: { signedTransaction: o.transaction, requestId: o.requestId } });
    expect(unsigned.body).toMatchObject({ status: 'Failed', code: -1003 });
    expect(forged).not.toBe(o.transaction);
    // Put the intruder's signature bytes into the taker's slot.
    const bytes = Uint8Array.from(atob(o.transaction), (c) => c.charCodeAt(0));
    const message = bytes.slice(65);
    const badSig = await intruder.sign(message);
    bytes.set(badSig, 1);
    const tampered = btoa(String.fromCharCode(...bytes));
    const bad = await call(sim, 'POST', '/swap/v2/execute', { body: { signedTransaction: tampered, requestId: o.requestId } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(-2);
  });

  it('answers -1005 once the blockhash expired and -2003 once the RFQ quote expired', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const onchain = await order(sim, wallet.address);
    const rfq = await order(sim, wallet.address, { inputMint: NATIVE, amount: '1000000000' });
    expect(rfq.router).toBe('router_rfq');
    sim.control.advanceTime(61_000);
    const expired = await call(sim, 'POST', '/swap/v2/execute', {
      body: { signedTransaction: await wallet.signTransaction(onchain.transaction), requestId: onchain.requestId },
    });
    expect(expired.body).toMatchObject({ status: 'Failed', code: -1005 });
    const quoteExpired = await call(sim, 'POST', '/swap/v2/execute', {
      body: { signedTransaction: await wallet.signTransaction(rfq.transaction), requestId: rfq.requestId },
    });
    expect(quoteExpired.body).toMatchObject({ status: 'Failed', code: -2003 });
  });

  it('answers expired (-1005, -2003) once the transaction is too old, even when an identical one already landed', async () => {
    // A chain checks a transaction's age before its signature's history: an expired transaction is
    // expired, whether or not the same bytes landed earlier.
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    for (const [query, expired] of [
      [{}, -1005],
      [{ inputMint: NATIVE, amount: '1000000000' }, -2003],
    ] as const) {
      // Two orders of the same inputs in the same slot carry the same message.
      const first = await order(sim, wallet.address, query);
      const second = await order(sim, wallet.address, query);
      expect(second.transaction).toBe(first.transaction);
      const signedTransaction = await wallet.signTransaction(first.transaction);
      const landed = await call(sim, 'POST', '/swap/v2/execute', { body: { signedTransaction, requestId: first.requestId } });
      expect(landed.body).toMatchObject({ status: 'Success', code: 0 });
      sim.control.advanceTime(61_000);
      const late = await call(sim, 'POST', '/swap/v2/execute', { body: { signedTransaction, requestId: second.requestId } });
      expect(late.body).toMatchObject({ status: 'Failed', code: expired });
      expect(EXECUTE_CODES.find((e) => e.code === late.body.code)?.outcome).toBe('expired');
    }
  });

  it('fails with 6001 when the price moved beyond the slippage', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const o = await order(sim, wallet.address);
    sim.control.setPrice('PLATFORM_TOKEN', 0.49);
    const res = await call(sim, 'POST', '/swap/v2/execute', {
      body: { signedTransaction: await wallet.signTransaction(o.transaction), requestId: o.requestId },
    });
    expect(res.body).toMatchObject({ status: 'Failed', code: 6001 });
  });

  it('lands an RFQ order co-signed by the service (maker slot left to it)', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const o = await order(sim, wallet.address, { inputMint: NATIVE, amount: '1000000000' });
    const res = await call(sim, 'POST', '/swap/v2/execute', {
      body: { signedTransaction: await wallet.signTransaction(o.transaction), requestId: o.requestId },
    });
    expect(res.body).toMatchObject({ status: 'Success', code: 0, totalOutputAmount: '149925000' });
    expect(res.body.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
  });

  it('pays the referral account its share of the fee: what the taker gives up, someone gains', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const referral = world.addresses.referralAccount;
    const o = await order(sim, wallet.address, { referralAccount: referral, referralFee: '50' });
    const res = await call(sim, 'POST', '/swap/v2/execute', {
      body: { signedTransaction: await wallet.signTransaction(o.transaction), requestId: o.requestId },
    });
    expect(res.body).toMatchObject({ status: 'Success', totalOutputAmount: o.outAmount });
    // 100 PLATFORM_TOKEN is 50 STABLECOIN_USD: 50 bps of it (0.25) to the referral account.
    expect(sim.control.getBalance(referral, STABLECOIN)).toBe(10_000_000_000n + 250_000n);
  });

  it('moves the bundle tip from whoever the transaction says pays it to the tip receiver', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const payer = await createTestWallet();
    const before = sim.control.getBalance(TIP_RECEIVERS[0]!, NATIVE)!;
    const o = await order(sim, wallet.address, { bundleTipLamports: '1000000' });
    await call(sim, 'POST', '/swap/v2/execute', {
      body: { signedTransaction: await wallet.signTransaction(o.transaction), requestId: o.requestId },
    });
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(10_000_000_000n - 5000n - 10_000n - 1_000_000n);
    expect(sim.control.getBalance(TIP_RECEIVERS[0]!, NATIVE)).toBe(before + 1_000_000n);
    // With an integrator payer, the payer pays it (and the fee); the taker pays nothing in native coin.
    const paid = await order(sim, wallet.address, { bundleTipLamports: '1000000', payer: payer.address });
    const signed = await payer.signTransaction(await wallet.signTransaction(paid.transaction));
    expect(
      (await call(sim, 'POST', '/swap/v2/execute', { body: { signedTransaction: signed, requestId: paid.requestId } })).body.status,
    ).toBe('Success');
    expect(sim.control.getBalance(payer.address, NATIVE)).toBe(10_000_000_000n - 10_000n - 10_000n - 1_000_000n);
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(10_000_000_000n - 5000n - 10_000n - 1_000_000n);
    expect(sim.control.getBalance(TIP_RECEIVERS[0]!, NATIVE)).toBe(before + 2_000_000n);
  });

  it('charges the rent of the output account it creates to whoever the order names (taker or integrator payer); the account holds it', async () => {
    const sim = makeSimulator();
    const rent = 2_039_280n;
    const taker = await createTestWallet();
    sim.control.setBalance(taker.address, 'STABLECOIN_USD', null);
    const own = await order(sim, taker.address);
    expect(own).toMatchObject({ rentFeeLamports: Number(rent), rentFeePayer: taker.address });
    const landed = await call(sim, 'POST', '/swap/v2/execute', {
      body: { signedTransaction: await taker.signTransaction(own.transaction), requestId: own.requestId },
    });
    expect(landed.body.status).toBe('Success');
    expect(sim.control.getBalance(taker.address, NATIVE)).toBe(10_000_000_000n - 5000n - 10_000n - rent);
    expect(sim.control.getBalance(tokenAccount(taker.address, STABLECOIN), NATIVE)).toBe(rent);
    expect(sim.control.getBalance(tokenAccount(taker.address, STABLECOIN), PLATFORM_TOKEN)).toBeNull();
    // An integrator payer pays the rent of the taker's new account (the seed: it covers fees and rent); the taker pays nothing.
    const other = await createTestWallet();
    const payer = await createTestWallet();
    sim.control.setBalance(other.address, 'STABLECOIN_USD', null);
    const paid = await order(sim, other.address, { payer: payer.address });
    expect(paid).toMatchObject({ rentFeeLamports: Number(rent), rentFeePayer: payer.address });
    const signed = await payer.signTransaction(await other.signTransaction(paid.transaction));
    const res = await call(sim, 'POST', '/swap/v2/execute', { body: { signedTransaction: signed, requestId: paid.requestId } });
    expect(res.body.status).toBe('Success');
    expect(sim.control.getBalance(payer.address, NATIVE)).toBe(10_000_000_000n - 10_000n - 10_000n - rent);
    expect(sim.control.getBalance(other.address, NATIVE)).toBe(10_000_000_000n);
    expect(sim.control.getBalance(tokenAccount(other.address, STABLECOIN), NATIVE)).toBe(rent);
    expect(sim.control.getBalance(other.address, STABLECOIN)).toBe(49_950_000n);
    // The explorer lists each rent as a move of the transaction, from its payer to the new account.
    const rentMove = (signature: string) =>
      sim.control
        .transactions()
        .transactions.find((t) => t.signature === signature)
        ?.moves.filter((m) => m.kind === 'token account rent');
    const rentOf = (from: string, to: string) =>
      expect.objectContaining({
        kind: 'token account rent',
        from,
        to,
        mint: NATIVE,
        symbol: 'NATIVE_COIN',
        amount: rent.toString(),
        decimals: 9,
      });
    expect(rentMove(landed.body.signature)).toEqual([rentOf(taker.address, tokenAccount(taker.address, STABLECOIN))]);
    expect(rentMove(res.body.signature)).toEqual([rentOf(payer.address, tokenAccount(other.address, STABLECOIN))]);
  });

  it('opens the output account the service pays for (an RFQ order): the account holds the rent, the explorer lists it', async () => {
    const sim = makeSimulator();
    const rent = 2_039_280n;
    const taker = await createTestWallet();
    sim.control.setBalance(taker.address, 'STABLECOIN_USD', null);
    const rfq = await order(sim, taker.address, { inputMint: NATIVE, amount: '1000000000' });
    expect(rfq).toMatchObject({ router: 'router_rfq', rentFeeLamports: Number(rent), rentFeePayer: GAS_WALLET });
    const res = await call(sim, 'POST', '/swap/v2/execute', {
      body: { signedTransaction: await taker.signTransaction(rfq.transaction), requestId: rfq.requestId },
    });
    expect(res.body.status).toBe('Success');
    // The taker pays no rent; the new account holds it, as one a client pays for does (not an unknown address's starting balances).
    expect(sim.control.getBalance(taker.address, NATIVE)).toBe(10_000_000_000n - 1_000_000_000n);
    expect(sim.control.getBalance(tokenAccount(taker.address, STABLECOIN), NATIVE)).toBe(rent);
    expect(sim.control.getBalance(tokenAccount(taker.address, STABLECOIN), STABLECOIN)).toBeNull();
    expect(sim.control.getBalance(taker.address, STABLECOIN)).toBe(BigInt(rfq.outAmount));
    const landed = sim.control.transactions().transactions.find((t) => t.signature === res.body.signature);
    expect(landed?.moves.filter((m) => m.kind === 'token account rent')).toEqual([
      expect.objectContaining({
        from: GAS_WALLET,
        to: tokenAccount(taker.address, STABLECOIN),
        symbol: 'NATIVE_COIN',
        amount: rent.toString(),
      }),
    ]);
  });

  it('fails to land (-1000), moving nothing, when the integrator payer cannot pay the rent', async () => {
    const sim = makeSimulator();
    const taker = await createTestWallet();
    const payer = await createTestWallet();
    sim.control.setBalance(taker.address, 'STABLECOIN_USD', null);
    const paid = await order(sim, taker.address, { payer: payer.address });
    sim.control.setBalance(payer.address, 'NATIVE_COIN', 10_000n + 10_000n + 2_039_279n);
    const signed = await payer.signTransaction(await taker.signTransaction(paid.transaction));
    const res = await call(sim, 'POST', '/swap/v2/execute', { body: { signedTransaction: signed, requestId: paid.requestId } });
    expect(res.body).toMatchObject({ status: 'Failed', code: -1000 });
    expect(sim.control.getBalance(payer.address, NATIVE)).toBe(10_000n + 10_000n + 2_039_279n);
    expect(sim.control.getBalance(taker.address, STABLECOIN)).toBeNull();
  });

  it('costs the taker exactly the signature and prioritization fees its order states, whatever the priority fee asked', async () => {
    const sim = makeSimulator();
    for (const query of [
      {},
      { priorityFeeLamports: '1' },
      { priorityFeeLamports: '7' },
      { priorityFeeLamports: '12345', bundleTipLamports: '1000000' },
      { priorityFeeLamports: '5000000' },
    ] as Array<{ priorityFeeLamports?: string; bundleTipLamports?: string }>) {
      const wallet = await createTestWallet();
      const o = await order(sim, wallet.address, query);
      expect(o.prioritizationFeeLamports).toBe(Number(query.priorityFeeLamports ?? 10_000) + Number(query.bundleTipLamports ?? 0));
      // What the transaction's compute budget sets is the priority fee the order states (a client's check compares them).
      const fee = networkFee(decodeTransaction(o.transaction)!);
      expect(fee.lamports - 5000n, JSON.stringify(query)).toBe(BigInt(query.priorityFeeLamports ?? 10_000));
      const res = await call(sim, 'POST', '/swap/v2/execute', {
        body: { signedTransaction: await wallet.signTransaction(o.transaction), requestId: o.requestId },
      });
      expect(res.body.status).toBe('Success');
      expect(10_000_000_000n - sim.control.getBalance(wallet.address, NATIVE)!, JSON.stringify(query)).toBe(
        BigInt(o.signatureFeeLamports + o.prioritizationFeeLamports),
      );
    }
    // An RFQ order's maker pays the priority fee its transaction sets: the order states that one too.
    const rfq = await order(sim, (await createTestWallet()).address, { inputMint: NATIVE, amount: '1000000000' });
    expect(rfq).toMatchObject({ router: 'router_rfq', prioritizationFeePayer: rfq.maker });
    const rfqTx = decodeTransaction(rfq.transaction)!;
    expect(networkFee(rfqTx).lamports - 5000n * BigInt(rfqTx.signatures.length)).toBe(BigInt(rfq.prioritizationFeeLamports));
  });

  it('needs the integrator payer signature as well', async () => {
    const sim = makeSimulator();
    const taker = await createTestWallet();
    const payer = await createTestWallet();
    const o = await order(sim, taker.address, { payer: payer.address });
    const takerOnly = await taker.signTransaction(o.transaction);
    expect(
      (await call(sim, 'POST', '/swap/v2/execute', { body: { signedTransaction: takerOnly, requestId: o.requestId } })).body.code,
    ).toBe(-1003);
    const both = await payer.signTransaction(takerOnly);
    const res = await call(sim, 'POST', '/swap/v2/execute', { body: { signedTransaction: both, requestId: o.requestId } });
    expect(res.body).toMatchObject({ status: 'Success', code: 0 });
    // The integrator payer is the fee payer: it pays both signatures and the priority fee; the taker pays no fee.
    expect(sim.control.getBalance(payer.address, NATIVE)).toBe(10_000_000_000n - 10_000n - 10_000n);
    expect(sim.control.getBalance(taker.address, NATIVE)).toBe(10_000_000_000n);
  });
});

describe('POST /swap/v2/execute under concurrency', () => {
  it('lands an order once when the same transaction is sent twice at the same time', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const o = await order(sim, wallet.address);
    const signedTransaction = await wallet.signTransaction(o.transaction);
    const [a, b] = await Promise.all([
      call(sim, 'POST', '/swap/v2/execute', { body: { signedTransaction, requestId: o.requestId } }),
      call(sim, 'POST', '/swap/v2/execute', { body: { signedTransaction, requestId: o.requestId } }),
    ]);
    expect(a.body).toEqual(b.body);
    expect(sim.control.getBalance(wallet.address, STABLECOIN)).toBe(10_000_000_000n + 49_950_000n);
  });
});

describe('swap execute codes from the spec', () => {
  it('names every code it answers from x-error-codes, with the documented outcome', () => {
    const outcome = (code: number) => EXECUTE_CODES.find((e) => e.code === code)?.outcome;
    expect(outcome(CODES.success)).toBe('success');
    expect(outcome(CODES.onchainExpired)).toBe('expired');
    expect(outcome(CODES.rfqQuoteExpired)).toBe('expired');
    for (const code of [
      CODES.orderNotFound,
      CODES.invalidTransaction,
      CODES.invalidMessage,
      CODES.onchainFailedToLand,
      CODES.rfqFailedToLand,
      CODES.slippageExceeded,
    ]) {
      expect(outcome(code)).toBe('failed');
    }
    expect(() => executeCode('onchain', 'no such meaning')).toThrow(/no such meaning/);
  });
});
