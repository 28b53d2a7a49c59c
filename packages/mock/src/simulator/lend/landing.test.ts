// Lend operate builds a transaction; balances and positions move only when that transaction lands
// (POST /tx/v1/submit), once, however many times the operate request was sent.
import { describe, expect, it } from 'vitest';
import type { Simulator } from '../index.js';
import { call, createTestWallet, makeSimulator, NATIVE, STABLECOIN, TIP_LAMPORTS, tippedTransaction } from '../test-support/harness.js';

const submit = (sim: Simulator, signedTransaction: string) => call(sim, 'POST', '/tx/v1/submit', { body: { signedTransaction } });

describe('lend operate lands once', () => {
  it('moves nothing when the transaction is built, however often the request is retried', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const body = { vaultId: 1, positionId: 0, signer: wallet.address, colAmount: '1000000000', debtAmount: '100000000' };
    for (const path of ['/lend/v1/borrow/operate', '/lend/v1/borrow/operate', '/lend/v1/borrow/operate-instructions']) {
      const res = await call(sim, 'POST', path, { body });
      expect(res.status).toBe(200);
      expect(res.body.nftId).toBe(1);
    }
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(10_000_000_000n);
    expect(sim.control.getBalance(wallet.address, STABLECOIN)).toBe(10_000_000_000n);
    expect((await call(sim, 'GET', '/lend/v1/borrow/positions', { query: { users: wallet.address } })).body).toEqual([]);
  });

  it('applies the operate when its signed transaction lands, and once only', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const body = { vaultId: 1, positionId: 0, signer: wallet.address, colAmount: '1000000000', debtAmount: '100000000' };
    const first = await call(sim, 'POST', '/lend/v1/borrow/operate-instructions', { body });
    const retried = await call(sim, 'POST', '/lend/v1/borrow/operate-instructions', { body });
    expect(retried.body).toEqual(first.body);
    const signed = await tippedTransaction(sim, wallet, first.body.instructions);
    expect((await submit(sim, signed)).status).toBe(200);
    const again = await submit(sim, signed);
    expect(again.status).toBe(400);
    expect(again.body.error).toMatch(/already processed/);
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(10_000_000_000n - 1_000_000_000n - TIP_LAMPORTS - 5000n);
    expect(sim.control.getBalance(wallet.address, STABLECOIN)).toBe(10_000_000_000n + 100_000_000n);
    const positions = await call(sim, 'GET', '/lend/v1/borrow/positions', { query: { users: wallet.address } });
    expect(positions.body).toEqual([{ nftId: 1, vaultId: 1, owner: wallet.address, colAmount: '1000000000', debtAmount: '100000000' }]);
  });

  it('checks the operate again when it lands: a second new position built for the same id, an LTV the price moved past', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const open = { vaultId: 1, positionId: 0, signer: wallet.address, colAmount: '1000000000', debtAmount: '0' };
    const a = await call(sim, 'POST', '/lend/v1/borrow/operate-instructions', { body: open });
    const b = await call(sim, 'POST', '/lend/v1/borrow/operate-instructions', { body: { ...open, colAmount: '2000000000' } });
    expect([a.body.nftId, b.body.nftId]).toEqual([1, 1]);
    expect((await submit(sim, await tippedTransaction(sim, wallet, a.body.instructions))).status).toBe(200);
    const late = await submit(sim, await tippedTransaction(sim, wallet, b.body.instructions));
    expect(late.status).toBe(400);
    expect(late.body.error).toMatch(/Position id 1 was taken .* build the operate again; nothing landed/);
    // Borrow 100 USD against 150 USD of collateral (max LTV 75%), then the collateral's price halves before it lands.
    const borrow = await call(sim, 'POST', '/lend/v1/borrow/operate-instructions', {
      body: { vaultId: 1, positionId: 1, signer: wallet.address, colAmount: '0', debtAmount: '100000000' },
    });
    expect(borrow.status).toBe(200);
    sim.control.setPrice(NATIVE, 75);
    const before = [sim.control.getBalance(wallet.address, NATIVE), sim.control.getBalance(wallet.address, STABLECOIN)];
    const refused = await submit(sim, await tippedTransaction(sim, wallet, borrow.body.instructions));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/max LTV/);
    // Nothing of the refused transaction moved, not even its tip.
    expect([sim.control.getBalance(wallet.address, NATIVE), sim.control.getBalance(wallet.address, STABLECOIN)]).toEqual(before);
    const positions = await call(sim, 'GET', '/lend/v1/borrow/positions', { query: { users: wallet.address } });
    expect(positions.body).toEqual([{ nftId: 1, vaultId: 1, owner: wallet.address, colAmount: '1000000000', debtAmount: '0' }]);
  });
});
