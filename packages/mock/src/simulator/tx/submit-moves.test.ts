// POST /tx/v1/submit applies what a landed transaction does (tx/land.ts), once; it refuses, unlanded,
// a transaction holding an instruction the simulator cannot apply.
import { COMPUTE_BUDGET_PROGRAM_ADDRESS } from '@x/chain';
import { describe, expect, it } from 'vitest';
import { TIP_RECEIVERS } from '../chain/addresses.js';
import {
  closeTokenAccount,
  computeUnitLimit,
  computeUnitPrice,
  systemTransfer,
  tokenTransfer,
  type PlainInstruction,
} from '../chain/instructions.js';
import { buildTransaction } from '../chain/transactions.js';
import { fromBase64 } from '../encoding.js';
import type { Simulator } from '../index.js';
import {
  call,
  createTestWallet,
  makeSimulator,
  NATIVE,
  PLATFORM_TOKEN,
  recentBlockhash,
  STABLECOIN,
  type TestWallet,
} from '../test-support/harness.js';

const submit = (sim: Simulator, signedTransaction: string) => call(sim, 'POST', '/tx/v1/submit', { body: { signedTransaction } });

async function signed(sim: Simulator, wallet: TestWallet, instructions: PlainInstruction[]): Promise<string> {
  const built = buildTransaction({
    feePayer: wallet.address,
    instructions,
    blockhash: await recentBlockhash(sim),
    lastValidBlockHeight: 0,
  });
  return wallet.signTransaction(built.base64);
}

describe('POST /tx/v1/submit moves what the transaction moves', () => {
  it('applies its transfers and its tip once, whatever the number of submissions', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const friend = (await createTestWallet()).address;
    const tx = await signed(sim, wallet, [
      systemTransfer(wallet.address, TIP_RECEIVERS[1]!, 1_000_000n),
      systemTransfer(wallet.address, friend, 2_000_000_000n),
    ]);
    expect((await submit(sim, tx)).status).toBe(200);
    expect((await submit(sim, tx)).status).toBe(400);
    // The network fee too: 5000 lamports for its one signature (no compute unit price).
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(10_000_000_000n - 2_001_000_000n - 5000n);
    expect(sim.control.getBalance(friend, NATIVE)).toBe(12_000_000_000n);
    expect(sim.control.getBalance(TIP_RECEIVERS[1]!, NATIVE)).toBe(10_001_000_000n);
  });

  it('lands a swap built with /swap/v2/build: the input leaves the taker, the output arrives', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const start = [sim.control.getBalance(wallet.address, PLATFORM_TOKEN)!, sim.control.getBalance(wallet.address, STABLECOIN)!];
    const build = await call(sim, 'GET', '/swap/v2/build', {
      query: { inputMint: PLATFORM_TOKEN, outputMint: STABLECOIN, amount: '1000000000', taker: wallet.address, tipAmount: '1000000' },
    });
    expect(build.status).toBe(200);
    const { computeBudgetInstructions, setupInstructions, swapInstruction, tipInstruction } = build.body;
    const instructions = [...computeBudgetInstructions, ...setupInstructions, swapInstruction, tipInstruction].map(
      (ix: { programId: string; accounts: PlainInstruction['accounts']; data: string }) => ({ ...ix, data: fromBase64(ix.data)! }),
    );
    const tx = await signed(sim, wallet, instructions);
    expect((await submit(sim, tx)).status).toBe(200);
    expect(sim.control.getBalance(wallet.address, PLATFORM_TOKEN)).toBe(start[0]! - 1_000_000_000n);
    expect(sim.control.getBalance(wallet.address, STABLECOIN)).toBe(start[1]! + BigInt(build.body.outAmount));
    // The tip, and the network fee: 5000 lamports for the signature, plus the build's priority fee of
    // 25 000 micro-lamports per unit (medium) times 400 000 units (no limit set: 200 000 for each of the swap and the tip).
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(10_000_000_000n - 1_000_000n - 5000n - 10_000n);
  });

  it('lands a build swap into the native coin, whose cleanup closes the wrapped native account', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const build = await call(sim, 'GET', '/swap/v2/build', {
      query: { inputMint: STABLECOIN, outputMint: NATIVE, amount: '15000000', taker: wallet.address, tipAmount: '1000000' },
    });
    const { swapInstruction, cleanupInstruction, tipInstruction } = build.body;
    expect(cleanupInstruction).not.toBeNull();
    const instructions = [swapInstruction, cleanupInstruction, tipInstruction].map(
      (ix: { programId: string; accounts: PlainInstruction['accounts']; data: string }) => ({ ...ix, data: fromBase64(ix.data)! }),
    );
    expect((await submit(sim, await signed(sim, wallet, instructions))).status).toBe(200);
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(10_000_000_000n + BigInt(build.body.outAmount) - 1_000_000n - 5000n);
  });

  it('charges the fee payer the fee of every signature and the priority fee the transaction sets, and refuses one it cannot pay', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const cosigner = await createTestWallet();
    const friend = (await createTestWallet()).address;
    // Two signatures, a limit of 300 000 units at 1 000 micro-lamports each: 2 x 5000 + 300 lamports.
    const built = buildTransaction({
      feePayer: wallet.address,
      instructions: [
        computeUnitLimit(300_000),
        computeUnitPrice(1_000n),
        systemTransfer(wallet.address, TIP_RECEIVERS[1]!, 1_000_000n),
        systemTransfer(cosigner.address, friend, 7n),
      ],
      blockhash: await recentBlockhash(sim),
      lastValidBlockHeight: 0,
    });
    const tx = await cosigner.signTransaction(await wallet.signTransaction(built.base64));
    expect((await submit(sim, tx)).status).toBe(200);
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(10_000_000_000n - 1_000_000n - 10_300n);
    expect(sim.control.getBalance(cosigner.address, NATIVE)).toBe(10_000_000_000n - 7n);
    // The chain's own compute budget program (a transaction assembled with the protocol's id) counts the same.
    const real = (ix: PlainInstruction): PlainInstruction => ({ ...ix, programId: COMPUTE_BUDGET_PROGRAM_ADDRESS });
    const protocol = await signed(sim, wallet, [
      real(computeUnitLimit(100_000)),
      real(computeUnitPrice(10_000n)),
      systemTransfer(wallet.address, TIP_RECEIVERS[1]!, 1_000_000n),
    ]);
    expect((await submit(sim, protocol)).status).toBe(200);
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(10_000_000_000n - 2_000_000n - 10_300n - 6000n);
    // A fee payer who cannot pay the fee: nothing lands, nothing moves.
    const poor = await createTestWallet();
    sim.control.setBalance(poor.address, 'NATIVE_COIN', 4_999n);
    const refused = await submit(sim, await signed(sim, poor, [systemTransfer(poor.address, TIP_RECEIVERS[1]!, 1_000_000n)]));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/insufficient funds for fee/i);
    expect(sim.control.getBalance(poor.address, NATIVE)).toBe(4_999n);
  });

  it('refuses, unlanded and moving nothing, a transaction with an instruction it cannot apply', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const friend = (await createTestWallet()).address;
    const tx = await signed(sim, wallet, [
      systemTransfer(wallet.address, TIP_RECEIVERS[1]!, 1_000_000n),
      await tokenTransfer(wallet.address, friend, STABLECOIN, 5_000_000n, 6),
    ]);
    const res = await submit(sim, tx);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Instruction 1: the simulator cannot apply this instruction/);
    const close = await submit(
      sim,
      await signed(sim, wallet, [
        systemTransfer(wallet.address, TIP_RECEIVERS[1]!, 1_000_000n),
        await closeTokenAccount(wallet.address, STABLECOIN),
      ]),
    );
    expect(close.body.error).toMatch(/^Instruction 1: the simulator closes only the wrapped native coin account/);
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(10_000_000_000n);
    expect(sim.control.transactions().transactions).toEqual([]);
  });

  it('refuses a transfer from an account that did not sign, or beyond the balance', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const victim = (await createTestWallet()).address;
    // The victim's transfer with its account not marked as a signer: no signature of the victim is asked for.
    const theft = systemTransfer(victim, wallet.address, 5n);
    theft.accounts[0]!.isSigner = false;
    const stolen = await submit(sim, await signed(sim, wallet, [systemTransfer(wallet.address, TIP_RECEIVERS[1]!, 1_000_000n), theft]));
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toMatch(/did not sign/);
    const tooMuch = await submit(
      sim,
      await signed(sim, wallet, [
        systemTransfer(wallet.address, TIP_RECEIVERS[1]!, 1_000_000n),
        systemTransfer(wallet.address, victim, 10_000_000_000n),
      ]),
    );
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toMatch(/insufficient funds/);
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(10_000_000_000n);
  });

  it('never lands a signed sign-in challenge (its signature is a credential the explorer would show)', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const challenge = await call(sim, 'POST', '/trigger/v2/auth/challenge', {
      body: { walletPubkey: wallet.address, type: 'transaction' },
    });
    const signedTransaction = await wallet.signTransaction(challenge.body.transaction);
    await expect(sim.control.sendTransaction(signedTransaction)).rejects.toThrow(/sign-in challenge/);
    expect(sim.control.transactions().transactions).toEqual([]);
    // It still signs the wallet in.
    const verify = await call(sim, 'POST', '/trigger/v2/auth/verify', {
      body: { type: 'transaction', walletPubkey: wallet.address, signedTransaction },
    });
    expect(verify.status).toBe(200);
  });
});
