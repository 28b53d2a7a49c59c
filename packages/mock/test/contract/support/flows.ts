// Real flows against a running service (the simulator, directly or through `prism proxy`): swap
// order and execute, trigger v1 and v2 lifecycles, express verification, prediction look-ups.
// Each step is a plain HTTP call, so the suites can check every answer on the way.
import {
  AccountRole,
  address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createTransactionMessage,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransaction,
  type Blockhash,
} from '@solana/kit';
import { send, type HttpAnswer, type HttpCall } from './http.js';
import { ADDRESSES, MINTS, SYSTEM_PROGRAM } from './values.js';
import { randomWallet, type TestWallet } from './wallet.js';

export class FlowError extends Error {
  readonly answer: HttpAnswer;
  constructor(step: string, answer: HttpAnswer) {
    super(`${step}: status ${answer.status}: ${answer.text.slice(0, 400)}`);
    this.answer = answer;
  }
}

export interface FlowOptions {
  baseUrl: string;
  apiKey?: string;
  /** Moves the service's clock (simulator control API), used to make an order ready to cancel. */
  advanceTime?: (ms: number) => void | Promise<void>;
  /**
   * Marks one order ready to cancel (simulator control API), used instead of advanceTime when
   * given: flows that run side by side on one clock would otherwise move time under each other's
   * transactions (past their blockhash).
   */
  markReadyToCancel?: (orderId: string) => void | Promise<void>;
  /** The service's current time in epoch ms (the simulator's clock). Default: the wall clock. */
  now?: () => number | Promise<number>;
  /** Called with every answer of every step (the contract suite validates them all). */
  observe?: (operationId: string, call: HttpCall, answer: HttpAnswer) => void;
}

export interface CreatedOrder {
  id: string;
  depositRequestId: string;
}

/** One wallet's session with the service. */
export class Flow {
  readonly options: FlowOptions;
  readonly apiKey: string;
  wallet!: TestWallet;
  token?: string;
  vault?: string;

  private constructor(options: FlowOptions) {
    this.options = options;
    this.apiKey = options.apiKey ?? 'test-api-key';
  }

  static async create(options: FlowOptions, wallet?: TestWallet): Promise<Flow> {
    const flow = new Flow(options);
    flow.wallet = wallet ?? (await randomWallet());
    return flow;
  }

  async now(): Promise<number> {
    return this.options.now ? await this.options.now() : Date.now();
  }

  headers(withToken = false): Record<string, string> {
    const headers: Record<string, string> = { 'x-api-key': this.apiKey };
    if (withToken) {
      if (!this.token) throw new Error('no token yet: call login() first');
      headers.authorization = `Bearer ${this.token}`;
    }
    return headers;
  }

  async call(operationId: string, call: HttpCall): Promise<HttpAnswer> {
    const answer = await send(this.options.baseUrl, call);
    this.options.observe?.(operationId, call, answer);
    return answer;
  }

  /** Calls and insists on `status`; returns the parsed body. */
  async expect<T = any>(operationId: string, call: HttpCall, status: number): Promise<T> {
    const answer = await this.call(operationId, call);
    if (answer.status !== status) throw new FlowError(`${operationId} expected ${status}`, answer);
    return answer.text ? answer.json<T>() : (undefined as T);
  }

  // ---- swap ----
  swapOrderCall(extra: Record<string, string> = {}): HttpCall {
    return {
      method: 'GET',
      path: '/swap/v2/order',
      query: {
        inputMint: MINTS.PLATFORM_TOKEN,
        outputMint: MINTS.STABLECOIN_USD,
        amount: '100000000',
        taker: this.wallet.address,
        ...extra,
      },
      headers: this.headers(),
    };
  }

  async swapOrder(extra: Record<string, string> = {}): Promise<{ transaction: string; requestId: string; [k: string]: unknown }> {
    return this.expect('swapGetOrder', this.swapOrderCall(extra), 200);
  }

  async swapExecuteCall(): Promise<HttpCall> {
    const order = await this.swapOrder();
    const signedTransaction = await this.wallet.signTransaction(order.transaction);
    return { method: 'POST', path: '/swap/v2/execute', headers: this.headers(), body: { signedTransaction, requestId: order.requestId } };
  }

  swapBuildCall(extra: Record<string, string> = {}): HttpCall {
    return {
      method: 'GET',
      path: '/swap/v2/build',
      query: {
        inputMint: MINTS.PLATFORM_TOKEN,
        outputMint: MINTS.STABLECOIN_USD,
        amount: '100000000',
        taker: this.wallet.address,
        ...extra,
      },
      headers: this.headers(),
    };
  }

  /** A transaction paying a tip to the tip receiver, signed by the wallet, for /tx/v1/submit. */
  async tipTransaction(lamports = 1_000_000n): Promise<string> {
    const build = await this.expect<{ blockhashWithMetadata: { blockhash: number[]; lastValidBlockHeight: number } }>(
      'swapGetBuild',
      this.swapBuildCall(),
      200,
    );
    const blockhash = getBase58Decoder().decode(Uint8Array.from(build.blockhashWithMetadata.blockhash)) as Blockhash;
    const data = new Uint8Array(12);
    const view = new DataView(data.buffer);
    view.setUint32(0, 2, true); // system program: transfer
    view.setBigUint64(4, lamports, true);
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(this.wallet.address, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash, lastValidBlockHeight: BigInt(build.blockhashWithMetadata.lastValidBlockHeight) },
          m,
        ),
      (m) =>
        appendTransactionMessageInstruction(
          {
            programAddress: address(SYSTEM_PROGRAM),
            accounts: [
              { address: this.wallet.address, role: AccountRole.WRITABLE_SIGNER },
              { address: address(ADDRESSES.tipReceiver), role: AccountRole.WRITABLE },
            ],
            data,
          },
          m,
        ),
    );
    const signed = await signTransaction([this.wallet.keyPair], compileTransaction(message));
    return getBase64EncodedWireTransaction(signed);
  }

  // ---- express verification ----
  async expressExecuteCall(): Promise<HttpCall> {
    const craft = await this.expect<{ transaction: string; requestId: string }>(
      'tokensCraftExpressTransaction',
      {
        method: 'GET',
        path: '/tokens/v2/verify/express/craft-txn',
        query: { senderAddress: this.wallet.address },
        headers: this.headers(),
      },
      200,
    );
    return {
      method: 'POST',
      path: '/tokens/v2/verify/express/execute',
      headers: this.headers(),
      body: {
        transaction: await this.wallet.signTransaction(craft.transaction),
        requestId: craft.requestId,
        senderAddress: this.wallet.address,
        tokenId: MINTS.OTHER,
        twitterHandle: '@example_token',
        description: 'A token verified in the contract suite.',
        paymentCurrency: 'PLATFORM_TOKEN',
      },
    };
  }

  // ---- trigger v1 ----
  triggerV1CreateCall(): HttpCall {
    return {
      method: 'POST',
      path: '/trigger/v1/createOrder',
      headers: this.headers(),
      body: {
        maker: this.wallet.address,
        payer: this.wallet.address,
        inputMint: MINTS.NATIVE_COIN,
        outputMint: MINTS.PLATFORM_TOKEN,
        params: { makingAmount: '100000000', takingAmount: '32000000' },
      },
    };
  }

  async triggerV1Create(): Promise<{ requestId: string; transaction: string; order: string }> {
    return this.expect('triggerV1CreateOrder', this.triggerV1CreateCall(), 200);
  }

  triggerV1ExecuteCall(order: { requestId: string }, signedTransaction: string): HttpCall {
    return {
      method: 'POST',
      path: '/trigger/v1/execute',
      headers: this.headers(),
      body: { requestId: order.requestId, signedTransaction },
    };
  }

  /** Creates a v1 order and lands it (the order account exists only once executed). */
  async triggerV1Place(): Promise<{ order: string }> {
    const created = await this.triggerV1Create();
    await this.expect('triggerV1Execute', this.triggerV1ExecuteCall(created, await this.wallet.signTransaction(created.transaction)), 200);
    return { order: created.order };
  }

  // ---- trigger v2 ----
  async login(type: 'message' | 'transaction' = 'message'): Promise<string> {
    const challenge = await this.expect<{ challenge?: string; transaction?: string }>(
      'triggerV2CreateChallenge',
      { method: 'POST', path: '/trigger/v2/auth/challenge', headers: this.headers(), body: { walletPubkey: this.wallet.address, type } },
      200,
    );
    const body =
      type === 'message'
        ? { type, walletPubkey: this.wallet.address, signature: await this.wallet.signMessage(challenge.challenge ?? '') }
        : { type, walletPubkey: this.wallet.address, signedTransaction: await this.wallet.signTransaction(challenge.transaction ?? '') };
    const verified = await this.expect<{ token: string }>(
      'triggerV2VerifyChallenge',
      { method: 'POST', path: '/trigger/v2/auth/verify', headers: this.headers(), body },
      200,
    );
    this.token = verified.token;
    return verified.token;
  }

  registerVaultCall(): HttpCall {
    return { method: 'GET', path: '/trigger/v2/vault/register', headers: this.headers(true) };
  }

  async ensureVault(): Promise<string> {
    if (this.vault) return this.vault;
    if (!this.token) await this.login();
    const answer = await this.call('triggerV2RegisterVault', this.registerVaultCall());
    if (answer.status === 201) this.vault = answer.json<{ vaultPubkey: string }>().vaultPubkey;
    else if (answer.status === 409) this.vault = answer.json<{ details: { vaultPubkey: string } }>().details.vaultPubkey;
    else throw new FlowError('register vault', answer);
    return this.vault;
  }

  craftDepositCall(amount = '100000000'): HttpCall {
    return {
      method: 'POST',
      path: '/trigger/v2/deposit/craft',
      headers: this.headers(true),
      body: {
        userAddress: this.wallet.address,
        orderType: 'price',
        orderSubType: 'single',
        inputMint: MINTS.NATIVE_COIN,
        outputMint: MINTS.STABLECOIN_USD,
        amount,
      },
    };
  }

  /** Deposit craft + signature: the body of a single price order, ready to send. */
  async priceOrderCall(options: { amount?: string; triggerPriceUsd?: number; expiresAt?: number } = {}): Promise<HttpCall> {
    await this.ensureVault();
    const amount = options.amount ?? '100000000';
    const deposit = await this.expect<{ transaction: string; requestId: string }>(
      'triggerV2CraftDeposit',
      this.craftDepositCall(amount),
      200,
    );
    return {
      method: 'POST',
      path: '/trigger/v2/orders/price',
      headers: this.headers(true),
      body: {
        orderType: 'single',
        depositRequestId: deposit.requestId,
        depositSignedTx: await this.wallet.signTransaction(deposit.transaction),
        userPubkey: this.wallet.address,
        inputMint: MINTS.NATIVE_COIN,
        inputAmount: amount,
        outputMint: MINTS.STABLECOIN_USD,
        triggerMint: MINTS.NATIVE_COIN,
        expiresAt: options.expiresAt ?? (await this.now()) + 7 * 86_400_000,
        triggerCondition: 'above',
        triggerPriceUsd: options.triggerPriceUsd ?? 180,
        slippageBps: 100,
      },
    };
  }

  async createOrder(options: Parameters<Flow['priceOrderCall']>[0] = {}): Promise<CreatedOrder> {
    const call = await this.priceOrderCall(options);
    const created = await this.expect<{ id: string }>('triggerV2CreatePriceOrder', call, 200);
    return { id: created.id, depositRequestId: (call.body as { depositRequestId: string }).depositRequestId };
  }

  cancelCall(id: string): HttpCall {
    return { method: 'POST', path: `/trigger/v2/orders/price/cancel/${encodeURIComponent(id)}`, headers: this.headers(true) };
  }

  /**
   * Initiates the two-step cancel: the first attempt answers 400 (not ready yet); after the
   * service's clock moves on, the retry answers the withdrawal transaction.
   */
  async initiateCancel(
    id: string,
    maxAttempts = 5,
  ): Promise<{ transaction: string; cancelRequestId: string; id: string; notReadyAnswers: number }> {
    let notReady = 0;
    for (let attempt = 0; attempt < maxAttempts; attempt++) {
      const answer = await this.call('triggerV2CancelPriceOrder', this.cancelCall(id));
      if (answer.status === 200) return { ...answer.json(), notReadyAnswers: notReady };
      if (answer.status !== 400) throw new FlowError('cancel', answer);
      notReady++;
      if (this.options.markReadyToCancel) await this.options.markReadyToCancel(id);
      else if (this.options.advanceTime) await this.options.advanceTime(10_000);
      else throw new FlowError('cancel (no clock control to make the order ready)', answer);
    }
    throw new Error(`order ${id} never became ready to cancel`);
  }

  async confirmCancelCall(id: string): Promise<HttpCall> {
    const cancel = await this.initiateCancel(id);
    return {
      method: 'POST',
      path: `/trigger/v2/orders/price/confirm-cancel/${encodeURIComponent(id)}`,
      headers: this.headers(true),
      body: { signedTransaction: await this.wallet.signTransaction(cancel.transaction), cancelRequestId: cancel.cancelRequestId },
    };
  }

  historyCall(query: Record<string, string | number> = {}): HttpCall {
    return { method: 'GET', path: '/trigger/v2/orders/history', query, headers: this.headers(true) };
  }
}
