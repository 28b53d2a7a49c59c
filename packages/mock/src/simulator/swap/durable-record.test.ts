// A swap order kept in a durable store by an earlier x-mock, which wrote with each order the native
// coin the taker would pay besides the swap (`takerFeeLamports`: the signature, priority and rent
// fees), executed after an upgrade within its two minutes: the fees are charged once, as its
// transaction sets them (the current execute charges the network fee the transaction sets and the
// rent of the accounts it creates, read from the transaction).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { TOKEN_ACCOUNT_RENT_EXEMPT_LAMPORTS } from '@x/chain';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, STORE_FILE } from '../../node/store.js';
import { networkFee } from '../chain/fees.js';
import { tokenAccountOf } from '../chain/token-accounts.js';
import { decodeTransaction } from '../chain/transactions.js';
import { call, createTestWallet, makeSimulator, NATIVE, PLATFORM_TOKEN, STABLECOIN, type TestWallet } from '../test-support/harness.js';
import { world } from '../world.js';
import { feeOf } from './bps.js';
import { CODES } from './execute-codes.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('a swap order stored by an earlier version', () => {
  it('executes with its fees charged once, as its transaction sets them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'x-mock-swap-record-'));
    dirs.push(dir);
    const wallet = await createTestWallet();
    const store = await openStore(dir);
    const sim = makeSimulator({ store, clock: 'manual' });
    sim.control.setBalance(wallet.address, 'STABLECOIN_USD', null); // the order creates the output account
    const order = await call(sim, 'GET', '/swap/v2/order', {
      query: { inputMint: PLATFORM_TOKEN, outputMint: STABLECOIN, amount: '100000000', taker: wallet.address },
    });
    expect(order.body).toMatchObject({ signatureFeePayer: wallet.address, rentFeePayer: wallet.address });
    sim.close();
    store.close();

    // The record as the earlier version wrote it: its fields, and the fees the taker pays besides the swap.
    const db = new DatabaseSync(join(dir, STORE_FILE));
    const row = db.prepare("SELECT json FROM rows WHERE area = 'swap.orders'").get() as { json: string };
    const record = JSON.parse(row.json) as Record<string, unknown>;
    const earlierFee = order.body.signatureFeeLamports + order.body.prioritizationFeeLamports + order.body.rentFeeLamports;
    record.takerFeeLamports = { $bigint: String(earlierFee) };
    db.prepare("UPDATE rows SET json = ? WHERE area = 'swap.orders'").run(JSON.stringify(record));
    db.exec('PRAGMA user_version = 1');
    db.close();

    const again = await openStore(dir);
    const restarted = makeSimulator({ store: again });
    const executed = await call(restarted, 'POST', '/swap/v2/execute', {
      body: { signedTransaction: await wallet.signTransaction(order.body.transaction), requestId: order.body.requestId },
    });
    expect(executed.body).toMatchObject({ status: 'Success', code: 0 });
    const fee = networkFee(decodeTransaction(order.body.transaction)!).lamports;
    expect(restarted.control.getBalance(wallet.address, NATIVE)).toBe(10_000_000_000n - fee - TOKEN_ACCOUNT_RENT_EXEMPT_LAMPORTS);
    expect(restarted.control.getBalance(tokenAccountOf(wallet.address, STABLECOIN)!, NATIVE)).toBe(TOKEN_ACCOUNT_RENT_EXEMPT_LAMPORTS);
    expect(restarted.control.getBalance(wallet.address, STABLECOIN)).toBe(BigInt(order.body.outAmount));
    restarted.close();
    again.close();
  });
});

const REFERRAL = world.addresses.referralAccount;
const bigintOf = (tagged: unknown): bigint => BigInt((tagged as { $bigint: string }).$bigint);

/**
 * An order issued by this version and kept in a store, rewritten as an x-mock of store format 1
 * wrote it before the referral payout: its taker's fees in takerFeeLamports, and no `referral`.
 */
async function storedBeforeReferralPayout(query: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'x-mock-swap-record-'));
  dirs.push(dir);
  const wallet = await createTestWallet();
  const store = await openStore(dir);
  const sim = makeSimulator({ store, clock: 'manual' });
  const order = await call(sim, 'GET', '/swap/v2/order', {
    query: { inputMint: PLATFORM_TOKEN, outputMint: STABLECOIN, amount: '100000000', taker: wallet.address, ...query },
  });
  expect(order.status).toBe(200);
  sim.close();
  store.close();
  const db = new DatabaseSync(join(dir, STORE_FILE));
  const row = db.prepare("SELECT json FROM rows WHERE area = 'swap.orders'").get() as { json: string };
  const record = JSON.parse(row.json) as Record<string, unknown>;
  delete record.referral;
  record.takerFeeLamports = { $bigint: '0' };
  db.prepare("UPDATE rows SET json = ? WHERE area = 'swap.orders'").run(JSON.stringify(record));
  db.exec('PRAGMA user_version = 1');
  db.close();
  const again = await openStore(dir);
  const restarted = makeSimulator({ store: again });
  const execute = async (signer: TestWallet = wallet) =>
    call(restarted, 'POST', '/swap/v2/execute', {
      body: { signedTransaction: await signer.signTransaction(order.body.transaction), requestId: order.body.requestId },
    });
  const close = (): void => {
    restarted.close();
    again.close();
  };
  return { wallet, order: order.body, record, sim: restarted, execute, close };
}

describe('a swap order stored before the referral payout existed', () => {
  it('pays the referral account the share its transaction names, as an order of this version does', async () => {
    const { wallet, order, record, sim, execute, close } = await storedBeforeReferralPayout({
      referralAccount: REFERRAL,
      referralFee: '50',
    });
    expect(order.router).toBe('router_onchain');
    const referralBefore = sim.control.getBalance(REFERRAL, STABLECOIN)!;
    expect((await execute()).body).toMatchObject({ status: 'Success', code: 0, totalOutputAmount: order.outAmount });
    const share = feeOf(bigintOf(record.routeOutAmount), 50);
    expect(share).toBe(250_000n); // 100 PLATFORM_TOKEN is 50 STABLECOIN_USD: 50 bps of it
    expect(sim.control.getBalance(REFERRAL, STABLECOIN)).toBe(referralBefore + share);
    expect(sim.control.getBalance(wallet.address, STABLECOIN)).toBe(10_000_000_000n + BigInt(order.outAmount));
    // A re-send answers the same and pays nothing twice.
    expect((await execute()).body).toMatchObject({ status: 'Success', code: 0 });
    expect(sim.control.getBalance(REFERRAL, STABLECOIN)).toBe(referralBefore + share);
    close();
  });

  it('an RFQ order, whose transaction names no referral account, is refused clearly and nothing moves', async () => {
    const { wallet, order, sim, execute, close } = await storedBeforeReferralPayout({
      inputMint: NATIVE,
      amount: '1000000000',
      referralAccount: REFERRAL,
      referralFee: '50',
    });
    expect(order.router).toBe('router_rfq');
    const before = [sim.control.getBalance(REFERRAL, STABLECOIN), sim.control.getBalance(wallet.address, NATIVE)];
    const res = await execute();
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: CODES.orderNotFound });
    expect(JSON.stringify(res.body)).toMatch(/stored by an earlier x-mock.*referral.*request a new order/);
    expect([sim.control.getBalance(REFERRAL, STABLECOIN), sim.control.getBalance(wallet.address, NATIVE)]).toEqual(before);
    close();
  });

  it('an RFQ order without a referral (its fee is the RFQ fee alone) executes', async () => {
    const { wallet, order, sim, execute, close } = await storedBeforeReferralPayout({ inputMint: NATIVE, amount: '1000000000' });
    expect(order.router).toBe('router_rfq');
    expect((await execute()).body).toMatchObject({ status: 'Success', code: 0 });
    expect(sim.control.getBalance(wallet.address, STABLECOIN)).toBe(10_000_000_000n + BigInt(order.outAmount));
    close();
  });
});
