/**
 * The swap flow end to end against the @x/mock simulator (over HTTP on 127.0.0.1).
 */
import { describeSwapOrderError } from '@x/fetch-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MINTS, newWallet, startHarness, type Harness } from '../../test/simulator-harness.js';
import { inspectTransaction } from '../inspect.js';
import type { Signer } from '../signers/types.js';
import { FlowError } from '../errors.js';
import { swap } from './swap.js';

const GAS_WALLET = '7MGc4ffUnmHbkrqsEo7hAUa9VdrbiBmD936cSA5vSCbt';
const RFQ_MAKER = 'CpdvCgBJGdrQz63TZRycAghTTmA9voktNSrgLMzbXxGc';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const executeCalls = () => h.requests.filter((r) => r.path === '/swap/v2/execute').length;
const orderCalls = () => h.requests.filter((r) => r.path === '/swap/v2/order').length;

/** 40 PLATFORM_TOKEN → STABLECOIN_USD (20 USD: on-chain routing, below the RFQ minimum). */
const small = { inputMint: MINTS.PLATFORM_TOKEN, outputMint: MINTS.STABLECOIN_USD, amount: '40000000' };

/** A wallet that takes `delayMs` of simulated time to approve its first `times` signatures. */
function slowWallet(wallet: Signer, delayMs: number, times = 1): Signer & { signed: Uint8Array[] } {
  const signed: Uint8Array[] = [];
  return {
    address: wallet.address,
    signed,
    async signTransactionMessage(transaction) {
      signed.push(transaction.messageBytes.slice());
      if (signed.length <= times) h.sim.control.advanceTime(delayMs);
      return await wallet.signTransactionMessage!(transaction);
    },
  };
}

async function expectFlowError(promise: Promise<unknown>, code: string): Promise<FlowError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FlowError);
  expect((error as FlowError).code).toBe(code);
  return error as FlowError;
}

describe('swap against the simulator', () => {
  it('orders, signs, executes: balances move, one order and one execute call', async () => {
    const before = h.sim.control.getBalance(h.wallet.address, MINTS.STABLECOIN_USD) ?? 0n;
    const result = await swap({ client: h.api, signer: h.wallet, order: small, sleep: h.sleep, now: h.now });

    expect(result.execution.status).toBe('Success');
    expect(result.execution.code).toBe(0);
    expect(result.order.router).toBe('router_onchain');
    expect(result.order.signatureFeePayer).toBe(h.wallet.address);
    expect(result.orders).toBe(1);
    expect(result.executeCalls).toBe(1);
    // The wallet paid the fee: its signature is the transaction signature.
    expect(result.signature).toBe(inspectTransaction(result.signedTransaction).signers[0]?.signature);
    const after = h.sim.control.getBalance(h.wallet.address, MINTS.STABLECOIN_USD) ?? 0n;
    expect(after - before).toBe(BigInt(result.execution.totalOutputAmount!));
    expect(h.sim.control.getBalance(h.wallet.address, MINTS.PLATFORM_TOKEN)).toBe(100_000_000_000n - 40_000_000n);
  });

  it('a bundle tip: the tip to the receiver the simulator picks is signed without naming it', async () => {
    const result = await swap({
      client: h.api,
      signer: h.wallet,
      order: { ...small, bundleTipLamports: 20_000 },
      sleep: h.sleep,
      now: h.now,
    });
    expect(result.execution.status).toBe('Success');
    const native = inspectTransaction(result.signedTransaction).valueMovements.filter((movement) => movement.kind === 'transfer');
    expect(native.map((movement) => movement.amount)).toEqual([20_000n]);
  });

  it('gasless: the gas wallet is the fee payer and its slot stays empty', async () => {
    h.sim.control.setBalance(h.wallet.address, 'NATIVE_COIN', 0);
    const result = await swap({ client: h.api, signer: h.wallet, order: small, sleep: h.sleep, now: h.now });
    expect(result.order.gasless).toBe(true);
    expect(result.order.signatureFeePayer).toBe(GAS_WALLET);
    const signers = inspectTransaction(result.signedTransaction).signers;
    expect(signers.map((s) => [s.address, s.signed])).toEqual([
      [GAS_WALLET, false],
      [h.wallet.address, true],
    ]);
  });

  it('RFQ: the maker pays, the taker signs its own slot', async () => {
    const order = { inputMint: MINTS.STABLECOIN_USD, outputMint: MINTS.PLATFORM_TOKEN, amount: '200000000' };
    const result = await swap({ client: h.api, signer: h.wallet, order, sleep: h.sleep, now: h.now });
    expect(result.order.router).toBe('router_rfq');
    expect(result.order.signatureFeePayer).toBe(RFQ_MAKER);
    expect(inspectTransaction(result.signedTransaction).signers.find((s) => s.address === RFQ_MAKER)?.signed).toBe(false);
  });

  it('integrator payer: both the taker and the payer sign', async () => {
    const payer = await newWallet();
    const order = { ...small, payer: payer.address };
    const result = await swap({ client: h.api, signer: h.wallet, payerSigner: payer, order, sleep: h.sleep, now: h.now });
    expect(result.order.signatureFeePayer).toBe(payer.address);
    expect(inspectTransaction(result.signedTransaction).signers.every((s) => s.signed)).toBe(true);
  });

  it('integrator payer without its signature: the execute code -1003 is a typed failure', async () => {
    const payer = await newWallet();
    const error = await expectFlowError(
      swap({ client: h.api, signer: h.wallet, order: { ...small, payer: payer.address }, sleep: h.sleep, now: h.now }),
      'SWAP_EXECUTE_FAILED',
    );
    expect(error.details).toMatchObject({ code: -1003, group: 'onchain', meaning: 'not fully signed' });
  });

  it('an order with errorCode throws SWAP_ORDER_FAILED with router, code and meaning; nothing is executed', async () => {
    const order = { ...small, amount: '200000000000' }; // more than the wallet holds
    const error = await expectFlowError(swap({ client: h.api, signer: h.wallet, order, sleep: h.sleep, now: h.now }), 'SWAP_ORDER_FAILED');
    const router = error.details.router as 'router_onchain';
    expect(error.details.errorCode).toBe(1);
    expect(error.details.meaning).toBe(describeSwapOrderError(router, 1));
    expect(error.details.meaning).toMatch(/insufficient/);
    expect(executeCalls()).toBe(0);
  });

  it('polls by re-sending the same body while the execute answers 500', async () => {
    h.sim.control.injectFault('swapExecute', 500, 2);
    const result = await swap({ client: h.api, signer: h.wallet, order: small, sleep: h.sleep, now: h.now, pollIntervalMs: 2_000 });
    expect(result.execution.status).toBe('Success');
    expect(result.executeCalls).toBe(3);
    expect(executeCalls()).toBe(3);
    expect(h.waits).toEqual([2_000, 2_000]);
    expect(orderCalls()).toBe(1);
  });

  it('polls through dropped answers (the swap landed on the first call, the re-send reads the result)', async () => {
    let dropped = 0;
    h.loseResponse = (r) => r.path === '/swap/v2/execute' && dropped++ < 1;
    const before = h.sim.control.getBalance(h.wallet.address, MINTS.PLATFORM_TOKEN)!;
    const result = await swap({ client: h.api, signer: h.wallet, order: small, sleep: h.sleep, now: h.now });
    expect(result.executeCalls).toBe(2);
    // Landed once, not twice.
    expect(h.sim.control.getBalance(h.wallet.address, MINTS.PLATFORM_TOKEN)).toBe(before - 40_000_000n);
  });

  it('stops polling inside the two-minute window: SWAP_STATUS_UNKNOWN, no new order', async () => {
    h.sim.control.injectFault('swapExecute', 500, 1_000);
    const started = h.now();
    const error = await expectFlowError(
      swap({ client: h.api, signer: h.wallet, order: small, sleep: h.sleep, now: h.now, pollIntervalMs: 10_000, onExpired: 'reorder' }),
      'SWAP_STATUS_UNKNOWN',
    );
    expect(h.now() - started).toBeLessThan(120_000);
    expect(executeCalls()).toBe(12); // sent at 0, 10, ..., 110 s
    expect(error.details.executeCalls).toBe(12);
    expect(orderCalls()).toBe(1);
  });

  it('on -1005 (expired) with onExpired "reorder": a new order is signed; the old transaction is never signed again', async () => {
    const slow = slowWallet(h.wallet, 70_000); // the first approval takes longer than the order lives
    const result = await swap({ client: h.api, signer: slow, order: small, sleep: h.sleep, now: h.now, onExpired: 'reorder' });
    expect(result.orders).toBe(2);
    expect(orderCalls()).toBe(2);
    expect(executeCalls()).toBe(2);
    expect(slow.signed).toHaveLength(2);
    expect(Buffer.from(slow.signed[0]!).equals(Buffer.from(slow.signed[1]!))).toBe(false);
  });

  it('on -1005 by default: SWAP_ORDER_EXPIRED, one order only', async () => {
    const slow = slowWallet(h.wallet, 70_000);
    const error = await expectFlowError(
      swap({ client: h.api, signer: slow, order: small, sleep: h.sleep, now: h.now }),
      'SWAP_ORDER_EXPIRED',
    );
    expect(error.details.code).toBe(-1005);
    expect(orderCalls()).toBe(1);
    expect(slow.signed).toHaveLength(1);
  });

  it('on -2003 (RFQ quote expired): reorders, bounded by maxOrders', async () => {
    const slow = slowWallet(h.wallet, 70_000, 10); // every approval is too slow
    const order = { inputMint: MINTS.STABLECOIN_USD, outputMint: MINTS.PLATFORM_TOKEN, amount: '200000000' };
    const error = await expectFlowError(
      swap({ client: h.api, signer: slow, order, sleep: h.sleep, now: h.now, onExpired: 'reorder', maxOrders: 2 }),
      'SWAP_ORDER_EXPIRED',
    );
    expect(error.details).toMatchObject({ code: -2003, orders: 2 });
    expect(orderCalls()).toBe(2);
    expect(slow.signed).toHaveLength(2);
  });

  it('aborts between polls', async () => {
    h.sim.control.injectFault('swapExecute', 500, 10);
    const controller = new AbortController();
    const sleep = async (ms: number) => {
      h.sim.control.advanceTime(ms);
      controller.abort(new Error('user cancelled'));
    };
    const error = await expectFlowError(
      swap({ client: h.api, signer: h.wallet, order: small, sleep, now: h.now, signal: controller.signal }),
      'ABORTED',
    );
    expect(error.details.step).toBe('execute');
    expect(executeCalls()).toBe(1);
  });
});
