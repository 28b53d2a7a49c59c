// Test support (not built into dist): drive a simulator and check its answers against the spec.
import {
  getAddressFromPublicKey,
  getBase58Decoder,
  generateKeyPair,
  createKeyPairFromPrivateKeyBytes,
  signBytes,
  getTransactionDecoder,
  getTransactionEncoder,
  getBase64Decoder,
  getBase64Encoder,
} from '@solana/kit';
import { createSimulator, type Simulator, type SimulatorOptions } from '../index.js';
import { createSchemaCompiler, describeError } from '../schemas.js';
import { buildOperations } from '../operations.js';
import { world } from '../world.js';
import { bundledSpec, deref } from '../spec.js';
import { fromBase64, toBase58 } from '../encoding.js';
import { TIP_RECEIVERS } from '../chain/addresses.js';
import { systemTransfer, type PlainInstruction } from '../chain/instructions.js';
import { buildTransaction } from '../chain/transactions.js';

export const API_KEY = 'test-key';
// The example world's addresses (the spec's x-example-values), never copied here.
export const TAKER = world.wallets.taker;
export const PLATFORM_TOKEN = world.tokens.PLATFORM_TOKEN.mint;
export const STABLECOIN = world.tokens.STABLECOIN_USD.mint;
export const NATIVE = world.tokens.NATIVE_COIN.mint;
export const EXAMPLE_TOKEN = world.tokens.EXAMPLE_TOKEN.mint;

export interface CallOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  apiKey?: string | null;
  token?: string;
  /** Skip the spec check of the answer (for statuses the spec does not document yet). */
  unchecked?: boolean;
}

export interface CallResult {
  status: number;
  body: any;
  headers: Headers;
}

const compiler = createSchemaCompiler(bundledSpec);
/** The operations of the bundled spec, with their raw operation objects. */
export const specOperations = buildOperations(bundledSpec);

/** Problems of an answer against the spec's response schema of its operation ([] when it conforms). */
export function responseViolations(method: string, path: string, status: number, body: unknown): string[] {
  const literals = (template: string): number => template.split('/').filter((seg) => seg && !seg.startsWith('{')).length;
  const op = specOperations
    .filter((o) => o.method === method && matches(o.path, path))
    .sort((a, b) => literals(b.path) - literals(a.path))[0];
  if (!op) return [`no operation for ${method} ${path}`];
  const responses = op.operation.responses ?? {};
  const response = responses[String(status)] ?? responses.default;
  if (!response) return [`status ${status} is not documented for ${op.operationId}`];
  const schema = deref(bundledSpec, response).content?.['application/json']?.schema;
  if (!schema) return [];
  const validate = compiler.compile(schema);
  return validate(body) ? [] : (validate.errors ?? []).map(describeError);
}

function matches(template: string, path: string): boolean {
  const a = template.split('/');
  const b = path.split('/');
  return a.length === b.length && a.every((seg, i) => seg.startsWith('{') || seg === b[i]);
}

export function makeSimulator(options: SimulatorOptions = {}): Simulator {
  return createSimulator({
    onUnexpectedError: (error) => {
      throw error;
    },
    ...options,
  });
}

/** Calls the simulator through its fetch handler; every answer is also checked against the spec. */
export async function call(sim: Simulator, method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
  const url = new URL(`http://localhost${path}`);
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { ...options.headers };
  if (options.apiKey !== null) headers['x-api-key'] = options.apiKey ?? API_KEY;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await sim.fetch(new Request(url, { method, headers, ...(body !== undefined ? { body } : {}) }));
  const text = await response.text();
  const parsed = text ? JSON.parse(text) : undefined;
  const violations = options.unchecked ? [] : responseViolations(method, url.pathname, response.status, parsed);
  if (violations.length > 0) {
    throw new Error(`${method} ${path} answered ${response.status} outside the spec: ${violations.join('; ')}\n${text.slice(0, 500)}`);
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/** A recent blockhash of the simulated chain (base58), taken as a client takes one: from `/swap/v2/build`. */
export async function recentBlockhash(sim: Simulator): Promise<string> {
  const query = { inputMint: PLATFORM_TOKEN, outputMint: STABLECOIN, amount: '1000000', taker: TAKER };
  const { body } = await call(sim, 'GET', '/swap/v2/build', { query });
  return toBase58(Uint8Array.from(body.blockhashWithMetadata.blockhash as number[]));
}

export interface TestWallet {
  address: string;
  sign(bytes: Uint8Array): Promise<Uint8Array>;
  /** Signs the wallet's slot of a base64 wire transaction. */
  signTransaction(base64: string): Promise<string>;
  signMessage(text: string): Promise<string>;
}

const b58 = getBase58Decoder();
const txDecoder = getTransactionDecoder();
const txEncoder = getTransactionEncoder();

/** A wallet with a new random key, or the key of 32 `privateKey` bytes (the same wallet on every run). */
export async function createTestWallet(privateKey?: Uint8Array): Promise<TestWallet> {
  const pair = privateKey ? await createKeyPairFromPrivateKeyBytes(privateKey) : await generateKeyPair();
  const address = await getAddressFromPublicKey(pair.publicKey);
  const sign = async (bytes: Uint8Array): Promise<Uint8Array> => new Uint8Array(await signBytes(pair.privateKey, bytes));
  return {
    address,
    sign,
    async signTransaction(base64) {
      const tx = txDecoder.decode(getBase64Encoder().encode(base64));
      const signature = await sign(new Uint8Array(tx.messageBytes));
      const signed = { ...tx, signatures: { ...tx.signatures, [address]: signature } };
      return getBase64Decoder().decode(txEncoder.encode(signed as never));
    },
    async signMessage(text) {
      return b58.decode(await sign(new TextEncoder().encode(text)));
    },
  };
}

/** An instruction as the API answers it (`/swap/v2/build`, `/lend/v1/borrow/operate-instructions`). */
export interface WireInstruction {
  programId: string;
  accounts: Array<{ pubkey: string; isSigner: boolean; isWritable: boolean }>;
  data: string;
}

/** Lamports of the tip `tippedTransaction` adds: /tx/v1/submit's minimum. */
export const TIP_LAMPORTS = 1_000_000n;

/**
 * The instructions as one transaction paid and signed by `wallet`, after a tip to the first tip
 * receiver (what /tx/v1/submit asks for), on a recent blockhash.
 */
export async function tippedTransaction(sim: Simulator, wallet: TestWallet, instructions: readonly WireInstruction[]): Promise<string> {
  const plain: PlainInstruction[] = instructions.map((ix) => ({ ...ix, data: fromBase64(ix.data)! }));
  const built = buildTransaction({
    feePayer: wallet.address,
    instructions: [systemTransfer(wallet.address, TIP_RECEIVERS[0]!, TIP_LAMPORTS), ...plain],
    blockhash: await recentBlockhash(sim),
    lastValidBlockHeight: 0,
  });
  return wallet.signTransaction(built.base64);
}

/** Runs the trigger v2 challenge flow (message type) and returns the token. */
export async function login(sim: Simulator, wallet: TestWallet): Promise<string> {
  const challenge = await call(sim, 'POST', '/trigger/v2/auth/challenge', { body: { walletPubkey: wallet.address, type: 'message' } });
  if (challenge.status !== 200) throw new Error(`challenge failed: ${JSON.stringify(challenge.body)}`);
  const signature = await wallet.signMessage(challenge.body.challenge);
  const verify = await call(sim, 'POST', '/trigger/v2/auth/verify', { body: { type: 'message', walletPubkey: wallet.address, signature } });
  if (verify.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verify.body)}`);
  return verify.body.token;
}

export interface PriceOrderSetup {
  /** Order sub-type of the deposit (the created order stays `single`). */
  subType?: 'single' | 'oco' | 'otoco';
  expiresInMs?: number;
  triggerCondition?: 'above' | 'below';
  triggerPriceUsd?: number;
  slippageBps?: number;
}

/**
 * Registers the wallet's vault (again: a 409 is fine), crafts a 100000000-unit NATIVE deposit,
 * signs it and creates a single price order from it. Returns the create answer.
 */
export async function createPriceOrder(
  sim: Simulator,
  wallet: TestWallet,
  token: string,
  setup: PriceOrderSetup = {},
): Promise<CallResult> {
  await call(sim, 'GET', '/trigger/v2/vault/register', { token });
  const deposit = await call(sim, 'POST', '/trigger/v2/deposit/craft', {
    token,
    body: {
      userAddress: wallet.address,
      orderType: 'price',
      orderSubType: setup.subType ?? 'single',
      inputMint: NATIVE,
      outputMint: STABLECOIN,
      amount: '100000000',
    },
  });
  return await call(sim, 'POST', '/trigger/v2/orders/price', {
    token,
    body: {
      orderType: 'single',
      depositRequestId: deposit.body.requestId,
      depositSignedTx: await wallet.signTransaction(deposit.body.transaction),
      userPubkey: wallet.address,
      inputMint: NATIVE,
      inputAmount: '100000000',
      outputMint: STABLECOIN,
      triggerMint: NATIVE,
      expiresAt: sim.control.now() + (setup.expiresInMs ?? 86_400_000),
      triggerCondition: setup.triggerCondition ?? 'above',
      triggerPriceUsd: setup.triggerPriceUsd ?? 170,
      slippageBps: setup.slippageBps ?? 50,
    },
  });
}

/** Creates a trigger v1 order of `maker` (100 PLATFORM_TOKEN for 60 STABLECOIN_USD unless `params` says) and executes it. */
export async function openTriggerV1Order(sim: Simulator, maker: TestWallet, params: Record<string, unknown> = {}) {
  const created = await call(sim, 'POST', '/trigger/v1/createOrder', {
    body: {
      maker: maker.address,
      payer: maker.address,
      inputMint: PLATFORM_TOKEN,
      outputMint: STABLECOIN,
      params: { makingAmount: '100000000', takingAmount: '60000000', ...params },
    },
  });
  const executed = await call(sim, 'POST', '/trigger/v1/execute', {
    body: { requestId: created.body.requestId, signedTransaction: await maker.signTransaction(created.body.transaction) },
  });
  return { created, executed };
}
