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
import { call, createTestWallet, makeSimulator, NATIVE, PLATFORM_TOKEN, STABLECOIN } from '../test-support/harness.js';

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
