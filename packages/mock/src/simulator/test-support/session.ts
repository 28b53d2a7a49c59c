// Test support (not built into dist): the scripted session the explorer's tests look at — a swap,
// a trigger v1 order left open, a trigger v2 price order that fills, and a lend deposit, by one
// fresh wallet, each through the API as a client makes it (signed with the wallet's own key).
import type { Simulator } from '../index.js';
import {
  API_KEY,
  call,
  createPriceOrder,
  createTestWallet,
  login,
  NATIVE,
  PLATFORM_TOKEN,
  STABLECOIN,
  type TestWallet,
} from './harness.js';

export interface Session {
  wallet: TestWallet;
  /** The trigger v2 bearer token of the wallet. */
  token: string;
  swapSignature: string;
  /** The signed swap transaction sent to execute. */
  signedSwap: string;
  /** The trigger v2 order (filled). */
  orderId: string;
  /** The trigger v1 order account (open) and the signature of its opening transaction. */
  v1OrderKey: string;
  v1Signature: string;
  depositSignature: string;
  positionId: number;
  /** Every secret the session sent or got: none may show in a journal. */
  secrets: string[];
}

/** `stepMs`: simulated time between the steps (so that a value chart spreads them out). */
export async function scriptedSession(sim: Simulator, { stepMs = 0 } = {}): Promise<Session> {
  const step = () => {
    if (stepMs > 0) sim.control.advanceTime(stepMs);
  };
  const wallet = await createTestWallet();
  const order = await call(sim, 'GET', '/swap/v2/order', {
    query: { inputMint: PLATFORM_TOKEN, outputMint: STABLECOIN, amount: '100000000', taker: wallet.address },
  });
  const signedSwap = await wallet.signTransaction(order.body.transaction);
  const swap = await call(sim, 'POST', '/swap/v2/execute', { body: { signedTransaction: signedSwap, requestId: order.body.requestId } });
  if (swap.body.status !== 'Success') throw new Error(`swap failed: ${JSON.stringify(swap.body)}`);
  step();

  const v1 = await call(sim, 'POST', '/trigger/v1/createOrder', {
    body: {
      maker: wallet.address,
      payer: wallet.address,
      inputMint: PLATFORM_TOKEN,
      outputMint: STABLECOIN,
      params: { makingAmount: '100000000', takingAmount: '60000000' },
    },
  });
  const v1Executed = await call(sim, 'POST', '/trigger/v1/execute', {
    body: { requestId: v1.body.requestId, signedTransaction: await wallet.signTransaction(v1.body.transaction) },
  });
  if (v1Executed.body.status !== 'Success') throw new Error(`trigger v1 order failed: ${JSON.stringify(v1Executed.body)}`);
  step();

  const token = await login(sim, wallet);
  const created = await createPriceOrder(sim, wallet, token, { triggerCondition: 'above', triggerPriceUsd: 170 });
  if (created.status !== 200) throw new Error(`price order failed: ${JSON.stringify(created.body)}`);
  step();
  sim.control.fillOrder(created.body.id);
  step();

  const lend = await call(sim, 'POST', '/lend/v1/borrow/operate', {
    body: { vaultId: 1, positionId: 0, signer: wallet.address, colAmount: '1000000000', debtAmount: '0' },
  });
  if (lend.status !== 200) throw new Error(`lend deposit failed: ${JSON.stringify(lend.body)}`);
  await sim.control.sendTransaction(await wallet.signTransaction(lend.body.transaction));
  const orders = sim.control.orders({ wallet: wallet.address }).orders;
  const v2 = orders.find((o) => o.id === created.body.id) as { depositSignature: string };
  return {
    wallet,
    token,
    swapSignature: swap.body.signature,
    signedSwap,
    orderId: created.body.id,
    v1OrderKey: v1.body.order,
    v1Signature: v1Executed.body.signature,
    depositSignature: v2.depositSignature,
    positionId: lend.body.nftId,
    secrets: [API_KEY, token, signedSwap],
  };
}

export { NATIVE, PLATFORM_TOKEN, STABLECOIN };
