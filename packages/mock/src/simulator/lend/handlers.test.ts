import { describe, expect, it } from 'vitest';
import { decodeTransaction } from '../chain/transactions.js';
import type { Simulator } from '../index.js';
import { call, createTestWallet, makeSimulator, NATIVE, STABLECOIN, TAKER, tippedTransaction } from '../test-support/harness.js';

const submit = (sim: Simulator, signedTransaction: string) => call(sim, 'POST', '/tx/v1/submit', { body: { signedTransaction } });

describe('lend', () => {
  it('reports earnings (numbers) and the borrow vaults', async () => {
    const sim = makeSimulator();
    const earnings = await call(sim, 'GET', '/lend/v1/earn/earnings', { query: { user: TAKER } });
    // Lists are arrays, as the service sends them; every entry belongs to the wallet asked about.
    expect(earnings.body).toHaveLength(1);
    expect(earnings.body[0]).toMatchObject({ ownerAddress: TAKER });
    expect(typeof earnings.body[0].earnings).toBe('number');
    const odd = await call(sim, 'GET', '/lend/v1/earn/earnings', { query: { user: TAKER, positions: 'not-an-address' } });
    expect(odd.status).toBe(400);
    expect(typeof earnings.body[0].slot).toBe('number');
    expect((await call(sim, 'GET', '/lend/v1/earn/earnings', {})).status).toBe(400);
    const vaults = await call(sim, 'GET', '/lend/v1/borrow/vaults');
    expect(vaults.body.map((v: { id: number }) => v.id)).toEqual([1, 2, 3]);
    expect(new Set(vaults.body.map((v: { address: string }) => v.address)).size).toBe(3);
  });

  it('opens a position, borrows within the LTV, repays, and lists positions', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const open = await call(sim, 'POST', '/lend/v1/borrow/operate', {
      body: { vaultId: 1, positionId: 0, signer: wallet.address, colAmount: '1000000000', debtAmount: '100000000' },
    });
    expect(open.status).toBe(200);
    expect(open.body.nftId).toBe(1);
    expect(decodeTransaction(open.body.transaction)!.signatures[0]!.signer).toBe(wallet.address);
    // The operate transaction carries no tip: it lands as the client sends it (here through the control API's chain).
    await sim.control.sendTransaction(await wallet.signTransaction(open.body.transaction));
    // The collateral, and the network fee of its one signature (5000 lamports; no compute unit price).
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(9_000_000_000n - 5000n);
    expect(sim.control.getBalance(wallet.address, STABLECOIN)).toBe(10_100_000_000n);
    const tooMuch = await call(sim, 'POST', '/lend/v1/borrow/operate-instructions', {
      body: { vaultId: 1, positionId: 1, signer: wallet.address, colAmount: '0', debtAmount: '100000000' },
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toMatch(/LTV/);
    const repay = await call(sim, 'POST', '/lend/v1/borrow/operate-instructions', {
      body: { vaultId: 1, positionId: 1, signer: wallet.address, colAmount: '0', debtAmount: '-50000000' },
    });
    expect(repay.body).toMatchObject({ nftId: 1, addressLookupTableAddresses: [] });
    expect(repay.body.instructions.length).toBeGreaterThan(0);
    expect((await submit(sim, await tippedTransaction(sim, wallet, repay.body.instructions))).status).toBe(200);
    const positions = await call(sim, 'GET', '/lend/v1/borrow/positions', { query: { users: wallet.address } });
    expect(positions.body).toEqual([{ nftId: 1, vaultId: 1, owner: wallet.address, colAmount: '1000000000', debtAmount: '50000000' }]);
  });

  it('refuses a signer or position owner that is not a 32-byte public key, on both endpoints', async () => {
    const sim = makeSimulator();
    const base = { vaultId: 1, positionId: 0, signer: TAKER, colAmount: '1000000', debtAmount: '0' };
    for (const path of ['/lend/v1/borrow/operate', '/lend/v1/borrow/operate-instructions']) {
      for (const body of [
        { ...base, signer: 'z'.repeat(44) },
        { ...base, positionOwner: 'z'.repeat(44) },
      ]) {
        const res = await call(sim, 'POST', path, { body });
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(res.body.error).toMatch(/not 32 bytes/);
      }
    }
  });

  it('rejects unknown vaults, foreign positions, zero operations and out-of-range amounts', async () => {
    const sim = makeSimulator();
    const base = { vaultId: 1, positionId: 0, signer: TAKER, colAmount: '1000', debtAmount: '0' };
    expect((await call(sim, 'POST', '/lend/v1/borrow/operate', { body: { ...base, vaultId: 9 } })).status).toBe(400);
    expect((await call(sim, 'POST', '/lend/v1/borrow/operate', { body: { ...base, positionId: 77 } })).status).toBe(400);
    expect((await call(sim, 'POST', '/lend/v1/borrow/operate', { body: { ...base, colAmount: '0' } })).status).toBe(400);
    expect((await call(sim, 'POST', '/lend/v1/borrow/operate', { body: { ...base, colAmount: '99999999999999999999999' } })).status).toBe(
      400,
    );
  });

  it('lets another signer deposit into or repay a position, but not withdraw its collateral or borrow against it', async () => {
    const sim = makeSimulator();
    const ownerWallet = await createTestWallet();
    const otherWallet = await createTestWallet();
    const owner = ownerWallet.address;
    const other = otherWallet.address;
    const opened = await call(sim, 'POST', '/lend/v1/borrow/operate-instructions', {
      body: { vaultId: 1, positionId: 0, signer: owner, colAmount: '1000000000', debtAmount: '50000000' },
    });
    expect((await submit(sim, await tippedTransaction(sim, ownerWallet, opened.body.instructions))).status).toBe(200);
    const onBehalf = { vaultId: 1, positionId: 1, signer: other, positionOwner: owner };
    for (const amounts of [
      { colAmount: '-500000000', debtAmount: '0' },
      { colAmount: '0', debtAmount: '10000000' },
    ]) {
      for (const path of ['/lend/v1/borrow/operate', '/lend/v1/borrow/operate-instructions']) {
        const res = await call(sim, 'POST', path, { body: { ...onBehalf, ...amounts } });
        expect(res.status, `${path} ${JSON.stringify(amounts)}`).toBe(400);
        expect(res.body).toEqual({ error: `Only the position owner ${owner} can withdraw collateral or borrow` });
      }
    }
    expect(sim.control.getBalance(other, NATIVE)).toBe(10_000_000_000n);
    expect(sim.control.getBalance(other, STABLECOIN)).toBe(10_000_000_000n);
    // Depositing and repaying for the owner stay open to anyone.
    const help = await call(sim, 'POST', '/lend/v1/borrow/operate-instructions', {
      body: { ...onBehalf, colAmount: '100000000', debtAmount: '-50000000' },
    });
    expect(help.status).toBe(200);
    expect((await submit(sim, await tippedTransaction(sim, otherWallet, help.body.instructions))).status).toBe(200);
    expect(sim.control.getBalance(other, STABLECOIN)).toBe(10_000_000_000n - 50_000_000n);
    const positions = await call(sim, 'GET', '/lend/v1/borrow/positions', { query: { users: owner } });
    expect(positions.body).toEqual([{ nftId: 1, vaultId: 1, owner, colAmount: '1100000000', debtAmount: '0' }]);
  });

  it('refuses an operate instruction whose signer did not sign the transaction', async () => {
    const sim = makeSimulator();
    const victim = await createTestWallet();
    const thief = await createTestWallet();
    const opened = await call(sim, 'POST', '/lend/v1/borrow/operate-instructions', {
      body: { vaultId: 1, positionId: 0, signer: victim.address, colAmount: '1000000000', debtAmount: '0' },
    });
    // The thief pays and signs; the victim's operate needs the victim's signature.
    const instructions = opened.body.instructions.map((ix: { accounts: Array<{ isSigner: boolean }> }) => ({
      ...ix,
      accounts: ix.accounts.map((a) => ({ ...a, isSigner: false })),
    }));
    const res = await submit(sim, await tippedTransaction(sim, thief, instructions));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/the lend signer .* did not sign/);
    expect(sim.control.getBalance(victim.address, NATIVE)).toBe(10_000_000_000n);
  });
});
