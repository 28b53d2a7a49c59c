// Runs in Chromium (bundled by esbuild from the built dists of @x/fetch-client and @x/signing):
// a WebCrypto Ed25519 wallet orders a swap from the simulator (another origin on 127.0.0.1, so
// every call is a CORS request), checks and signs it, executes it; and signs in to trigger v2.
import { createClient, isSwapExecuteSuccess, type ApiClient } from '@x/fetch-client';
import { exposeScenarios } from '../../../../tools/browser/expose.ts';
import {
  TransactionRejectedError,
  createTriggerAuthSession,
  inspectTransaction,
  signTransaction,
  signerFromKeyPair,
  type Signer,
} from '../../dist/index.js';

const API_KEY = 'browser-key';

async function newWallet(): Promise<Signer> {
  return await signerFromKeyPair((await crypto.subtle.generateKey('Ed25519', false, ['sign', 'verify'])) as CryptoKeyPair);
}

/** The page's fetch, recording the paths it is asked for. */
function recordingFetch(paths: string[]): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    paths.push(`${request.method} ${new URL(request.url).pathname}`);
    return await fetch(request);
  };
}

const scenarios = {
  /** Order → refuse a narrower expectation → sign → execute. */
  async swap(input: { baseUrl: string; inputMint: string; outputMint: string; amount: string }) {
    const wallet = await newWallet();
    const paths: string[] = [];
    const api = createClient({ baseUrl: input.baseUrl, apiKey: API_KEY, fetch: recordingFetch(paths) });
    const { data: order, rateLimit } = await api.swapGetOrder({
      query: { inputMint: input.inputMint, outputMint: input.outputMint, amount: input.amount, taker: wallet.address },
    });
    if (!order.transaction) throw new Error(`no transaction in the order: ${JSON.stringify(order)}`);
    const expectations = { feePayer: order.signatureFeePayer ?? wallet.address };
    const refusal = await signTransaction(order.transaction, wallet, { ...expectations, programs: [] }).then(
      () => null,
      (error: unknown) => ({ isRejected: error instanceof TransactionRejectedError, code: (error as TransactionRejectedError).code }),
    );
    const signedTransaction = await signTransaction(order.transaction, wallet, expectations);
    const { data: execution } = await api.swapExecute({
      body: {
        signedTransaction,
        requestId: order.requestId,
        ...(order.lastValidBlockHeight !== undefined ? { lastValidBlockHeight: order.lastValidBlockHeight } : {}),
      },
    });
    const signers = (tx: string) =>
      inspectTransaction(tx).signers.map((s) => ({ address: s.address, signed: s.signed, signature: s.signature }));
    return {
      wallet: wallet.address,
      paths,
      order: {
        router: order.router,
        requestId: order.requestId,
        feePayer: order.signatureFeePayer ?? null,
        rateLimitRemaining: rateLimit.remaining ?? null,
      },
      unsignedSigners: signers(order.transaction),
      signedSigners: signers(signedTransaction),
      refusal,
      execution: {
        status: execution.status,
        code: execution.code,
        success: isSwapExecuteSuccess(execution),
        signature: execution.signature ?? null,
        totalOutputAmount: execution.totalOutputAmount ?? null,
      },
    };
  },

  /** The trigger v2 auth session as the client's bearer: one sign-in, then the token is reused. */
  async triggerSignIn(input: { baseUrl: string; challengeType: 'message' | 'transaction' }) {
    const wallet = await newWallet();
    const paths: string[] = [];
    let api: ApiClient | undefined;
    const session = createTriggerAuthSession({ client: () => api!, signer: wallet, challengeType: input.challengeType });
    api = createClient({ baseUrl: input.baseUrl, apiKey: API_KEY, bearer: session, fetch: recordingFetch(paths) });
    const registered = await api.triggerV2RegisterVault();
    const vault = await api.triggerV2GetVault();
    return {
      wallet: wallet.address,
      sessionWallet: session.walletPubkey,
      paths,
      registered: { status: registered.status, userPubkey: registered.data.userPubkey, vaultPubkey: registered.data.vaultPubkey },
      vault: { userPubkey: vault.data.userPubkey, vaultPubkey: vault.data.vaultPubkey },
    };
  },
};

export type SigningScenarios = typeof scenarios;
exposeScenarios(scenarios);
