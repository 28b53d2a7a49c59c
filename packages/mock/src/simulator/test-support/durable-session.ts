// Test support (not built into dist): a scripted session touching every area the durable store
// keeps (swap, trigger v1 and v2, lend, express, stakes, the control API), with deterministic
// wallets, and the reads that show the world it leaves. Driven through any `Caller`: a simulator's
// fetch handler, or a served simulator over HTTP (the kill -9 test).
import { createTestWallet, NATIVE, PLATFORM_TOKEN, STABLECOIN, type TestWallet } from './harness.js';

export interface Answer {
  status: number;
  body: any;
}

export type Caller = (
  method: string,
  path: string,
  options?: { query?: Record<string, string>; body?: unknown; token?: string },
) => Promise<Answer>;

/** What the client side remembers between steps (and across the server's restarts). */
export interface SessionState {
  a: TestWallet;
  b: TestWallet;
  token?: string;
  v2Order?: string;
  built?: { requestId: string; transaction: string };
}

const key = (n: number): Uint8Array => new Uint8Array(32).fill(n);

export async function sessionState(): Promise<SessionState> {
  return { a: await createTestWallet(key(7)), b: await createTestWallet(key(9)) };
}

async function swap(call: Caller, wallet: TestWallet, amount: string): Promise<Answer[]> {
  const order = await call('GET', '/swap/v2/order', {
    query: { inputMint: PLATFORM_TOKEN, outputMint: STABLECOIN, amount, taker: wallet.address },
  });
  const signedTransaction = await wallet.signTransaction(order.body.transaction);
  return [order, await call('POST', '/swap/v2/execute', { body: { signedTransaction, requestId: order.body.requestId } })];
}

/** The session's steps, in order; each answers what it was told. */
export const SESSION_STEPS: ReadonlyArray<(call: Caller, s: SessionState) => Promise<Answer[]>> = [
  (call, s) => swap(call, s.a, '100000000'),
  async (call, s) => {
    const created = await call('POST', '/trigger/v1/createOrder', {
      body: {
        maker: s.a.address,
        payer: s.a.address,
        inputMint: PLATFORM_TOKEN,
        outputMint: STABLECOIN,
        params: { makingAmount: '100000000', takingAmount: '60000000' },
      },
    });
    const executed = await call('POST', '/trigger/v1/execute', {
      body: { requestId: created.body.requestId, signedTransaction: await s.a.signTransaction(created.body.transaction) },
    });
    return [created, executed];
  },
  async (call, s) => {
    const challenge = await call('POST', '/trigger/v2/auth/challenge', { body: { walletPubkey: s.b.address, type: 'message' } });
    const signature = await s.b.signMessage(challenge.body.challenge);
    const verify = await call('POST', '/trigger/v2/auth/verify', { body: { type: 'message', walletPubkey: s.b.address, signature } });
    s.token = verify.body.token;
    const vault = await call('GET', '/trigger/v2/vault/register', { token: s.token! });
    return [challenge, verify, vault];
  },
  async (call, s) => {
    const token = s.token!;
    const deposit = await call('POST', '/trigger/v2/deposit/craft', {
      token,
      body: {
        userAddress: s.b.address,
        orderType: 'price',
        orderSubType: 'single',
        inputMint: NATIVE,
        outputMint: STABLECOIN,
        amount: '100000000',
      },
    });
    const state = await call('GET', '/__control/state');
    const created = await call('POST', '/trigger/v2/orders/price', {
      token,
      body: {
        orderType: 'single',
        depositRequestId: deposit.body.requestId,
        depositSignedTx: await s.b.signTransaction(deposit.body.transaction),
        userPubkey: s.b.address,
        inputMint: NATIVE,
        inputAmount: '100000000',
        outputMint: STABLECOIN,
        triggerMint: NATIVE,
        expiresAt: state.body.nowMs + 86_400_000,
        triggerCondition: 'above',
        triggerPriceUsd: 170,
        slippageBps: 50,
      },
    });
    s.v2Order = created.body.id;
    return [deposit, created];
  },
  async (call, s) => {
    const operate = await call('POST', '/lend/v1/borrow/operate', {
      body: { vaultId: 1, positionId: 0, signer: s.a.address, colAmount: '1000000000', debtAmount: '100000000' },
    });
    // The operate lands when its signed transaction does (through the chain the control API stands for).
    const signedTransaction = await s.a.signTransaction((operate.body as { transaction: string }).transaction);
    return [operate, await call('POST', '/__control/send-transaction', { body: { signedTransaction } })];
  },
  async (call, s) => [
    await call('POST', '/__control/set-price', { body: { mint: 'NATIVE_COIN', usd: 160 } }),
    await call('POST', '/__control/advance-time', { body: { ms: 1_000 } }),
    await call('POST', '/__control/fill-order', { body: { orderId: s.v2Order } }),
    await call('POST', '/__control/set-stake', { body: { address: s.b.address, stakedAmount: 42 } }),
    await call('POST', '/__control/set-token-verification', { body: { tokenId: s.b.address, exists: true, verified: true } }),
  ],
  async (call, s) => {
    // Built now, executed in the next step (across a restart when the test restarts between them).
    const order = await call('GET', '/swap/v2/order', {
      query: { inputMint: PLATFORM_TOKEN, outputMint: STABLECOIN, amount: '300000000', taker: s.b.address },
    });
    s.built = { requestId: order.body.requestId, transaction: order.body.transaction };
    return [order];
  },
  async (call, s) => {
    const signedTransaction = await s.b.signTransaction(s.built!.transaction);
    const first = await call('POST', '/swap/v2/execute', { body: { signedTransaction, requestId: s.built!.requestId } });
    const again = await call('POST', '/swap/v2/execute', { body: { signedTransaction, requestId: s.built!.requestId } });
    return [first, again];
  },
  async (call, s) => [
    await call('POST', '/__control/set-balance', { body: { wallet: s.a.address, mint: 'EXAMPLE_TOKEN', amount: '5' } }),
    await call('POST', '/__control/advance-time', { body: { ms: 3_600_000 } }),
    ...(await swap(call, s.a, '200000000')),
  ],
];

/** The reads that show the world the session left (balances, orders, vaults, positions, stakes, clock), and one error answer. */
export async function sessionReads(call: Caller, s: SessionState): Promise<Answer[]> {
  const reads: Answer[] = [];
  for (const wallet of [s.a.address, s.b.address])
    for (const mint of ['PLATFORM_TOKEN', 'STABLECOIN_USD', 'NATIVE_COIN', 'EXAMPLE_TOKEN'])
      reads.push(await call('GET', '/__control/balance', { query: { wallet, mint } }));
  reads.push(await call('GET', '/__control/state'));
  // What the explorer shows of the chain: the landed transactions, decoded.
  reads.push(await call('GET', '/__control/transactions'));
  reads.push(await call('GET', '/trigger/v1/getTriggerOrders', { query: { user: s.a.address, orderStatus: 'history' } }));
  reads.push(await call('GET', '/trigger/v1/getTriggerOrders', { query: { user: s.a.address, orderStatus: 'active' } }));
  reads.push(await call('GET', '/lend/v1/borrow/positions', { query: { users: s.a.address } }));
  reads.push(await call('GET', `/portfolio/v1/staked-platform-token/${s.b.address}`));
  if (s.token) {
    reads.push(await call('GET', '/trigger/v2/orders/history', { token: s.token }));
    reads.push(await call('GET', '/trigger/v2/vault', { token: s.token }));
  }
  // An error answer carries a request id from its own seeded stream.
  reads.push(await call('GET', '/trigger/v2/vault'));
  return reads;
}
