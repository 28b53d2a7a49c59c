/**
 * Express token verification in one call: (eligibility check) → craft the payment → check and sign
 * it → execute. The execute body carries the signed payment as `transaction` (not
 * `signedTransaction`), and `paymentAmount` on the paths that swap another currency.
 */
import type { SignTransactionExpectations } from '../checks.js';
import { addressBytes } from '../encoding.js';
import { FlowError } from '../errors.js';
import { inspectTransaction } from '../inspect.js';
import { signTransaction } from '../sign-transaction.js';
import { toSigner, type SignerInput } from '../signers/to-signer.js';
import type { ValueIntent } from '../value/check-intent.js';
import { NATIVE_MINT_ADDRESS } from '@x/chain';
import { EXPRESS_PAYMENT } from '../gen/express-payment.gen.js';
import {
  callApi,
  checkAnswerAddress,
  dataOrThrow,
  errorText,
  requestFailed,
  unexpected,
  type FlowClient,
  type RequestOf,
  type SuccessBody,
} from './client.js';
import { DEFAULT_MAX_PRIORITY_FEE_LAMPORTS } from './fee-bound.js';
import { firstSignature } from './first-signature.js';
import { createRuntime, noteOnAbort, type FlowRuntimeOptions } from './runtime.js';

export type ExpressClient = FlowClient<'tokensCheckExpressEligibility' | 'tokensCraftExpressTransaction' | 'tokensExecuteExpress'>;
type ExecuteBody = NonNullable<RequestOf<'tokensExecuteExpress'>['body']>;
export type ExpressEligibility = SuccessBody<'tokensCheckExpressEligibility'>;
export type ExpressCraft = SuccessBody<'tokensCraftExpressTransaction'>;
export type ExpressExecution = SuccessBody<'tokensExecuteExpress'>;
export type ExpressPaymentCurrency = NonNullable<ExecuteBody['paymentCurrency']>;

export interface ExpressVerificationOptions extends FlowRuntimeOptions {
  readonly client: ExpressClient;
  /** The sender: signs and pays. */
  readonly signer: SignerInput;
  /** Mint of the token to verify. */
  readonly tokenId: string;
  readonly twitterHandle: string;
  readonly description: string;
  readonly senderTwitterHandle?: string;
  /** Metadata to submit; its `tokenId` defaults to `tokenId` (the service requires it). */
  readonly tokenMetadata?: Omit<NonNullable<ExecuteBody['tokenMetadata']>, 'tokenId'> & { tokenId?: string };
  /** Default: the service's default (`PLATFORM_TOKEN`, a direct transfer). */
  readonly paymentCurrency?: ExpressPaymentCurrency;
  /**
   * The mint of PLATFORM_TOKEN, when you know it: a craft naming another payment `mint` is not
   * signed (`UNEXPECTED_RESPONSE`). Without it the payment is held to the craft's `mint`, whatever
   * token that is (the spec states the amount, not the mint).
   */
  readonly platformTokenMint?: string;
  /** Ask the eligibility step first and stop if the token cannot be verified. Default true. */
  readonly checkEligibility?: boolean;
  /**
   * More checks of the payment transaction (`programs`, ...). The sender must pay its fee unless
   * `feePayer` says otherwise, or the craft is `gasless` (then the transaction's fee payer is accepted). The value check is the flow's own: the payment moves exactly the
   * crafted `amount` of `mint` to `receiverAddress` and nothing else out of the sender.
   */
  readonly expectations?: Omit<SignTransactionExpectations, 'expect'>;
}

/**
 * A craft that crafted the payment. The spec requires only `code` of a craft answer (a failed craft
 * answers `code` and `error`, nothing else); `checkCraft` makes sure these are there before use.
 */
type CraftedPayment = ExpressCraft & { transaction: string; requestId: string; receiverAddress: string; mint: string; amount: string };

/** The payment the craft answer announces, and nothing else out of the sender. */
function paymentIntent(craft: CraftedPayment): ValueIntent {
  const native = craft.mint === NATIVE_MINT_ADDRESS;
  return {
    transfers: [{ ...(native ? {} : { mint: craft.mint }), amount: craft.amount, to: craft.receiverAddress }],
    allowDestinations: [],
  };
}

/**
 * Refuses a craft past its `expireAt` (the service would reject the payment, or worse, land it late).
 * The service may leave `expireAt` out; the transaction's blockhash then is the only limit.
 */
function checkNotExpired(craft: CraftedPayment, now: number): void {
  if (craft.expireAt === undefined) return;
  const expireAt = Date.parse(craft.expireAt);
  if (Number.isNaN(expireAt))
    throw unexpected('craft', 'The craft answer has no readable expireAt.', { expireAt: String(craft.expireAt) }, craft);
  if (now >= expireAt) {
    throw new FlowError(
      'EXPRESS_CRAFT_EXPIRED',
      'The crafted payment expired before it was signed; craft a new one.',
      { step: 'sign', requestId: craft.requestId, expireAt: craft.expireAt, now: new Date(now).toISOString() },
      { response: craft },
    );
  }
}

/**
 * The platform token (the default) is paid by a direct transfer; any other currency by a swap, whose
 * craft carries `quotedInputAmount` (and `inputMint`). A craft of the other kind pays with another
 * currency than the one asked for.
 */
function checkPaymentPath(craft: ExpressCraft, currency: ExpressPaymentCurrency | undefined): void {
  const direct = (currency ?? EXPRESS_PAYMENT.currency) === EXPRESS_PAYMENT.currency;
  const swapped = craft.quotedInputAmount !== undefined || craft.inputMint !== undefined;
  if (direct === !swapped) {
    if (direct) return;
    // The swap's input is what execute reports as paymentAmount: a number of smallest units.
    if (typeof craft.quotedInputAmount !== 'string' || !/^[0-9]+$/.test(craft.quotedInputAmount))
      throw unexpected(
        'craft',
        'The craft swaps another currency but gives no quotedInputAmount (the input paid, which execute takes as paymentAmount).',
        { field: 'quotedInputAmount', actual: String(craft.quotedInputAmount) },
        craft,
      );
    // Native coin is the one currency whose mint is known offline: its swap spends the wrapped-native mint.
    if (currency === 'NATIVE_COIN' && craft.inputMint !== NATIVE_MINT_ADDRESS)
      throw unexpected(
        'craft',
        'The craft swaps another token than the native coin that was asked for.',
        { field: 'inputMint', expected: NATIVE_MINT_ADDRESS, actual: String(craft.inputMint) },
        craft,
      );
    return;
  }
  throw unexpected(
    'craft',
    direct
      ? 'The craft swaps another currency, but the platform token was asked for (a direct transfer).'
      : 'The craft is a direct platform-token transfer, but another currency was asked for.',
    { field: 'quotedInputAmount', paymentCurrency: currency ?? EXPRESS_PAYMENT.currency, inputMint: craft.inputMint ?? null },
    craft,
  );
}

/**
 * Holds the craft to the payment the spec states (`x-express-payment`: 1000 PLATFORM_TOKEN,
 * 1000000000 smallest units, 6 decimals): a direct transfer collects exactly that amount, a swap
 * path at least that. The transaction is then held to the craft (`paymentIntent`).
 */
function checkPaymentAmount(craft: ExpressCraft, direct: boolean): void {
  const mismatch = (field: string, expected: string, actual: unknown, message: string) => {
    throw unexpected('craft', message, { field, expected, actual: String(actual) }, craft);
  };
  if (craft.tokenDecimals !== EXPRESS_PAYMENT.decimals) {
    mismatch(
      'tokenDecimals',
      String(EXPRESS_PAYMENT.decimals),
      craft.tokenDecimals,
      `The craft's payment token has ${String(craft.tokenDecimals)} decimals, not the ${EXPRESS_PAYMENT.decimals} of ${EXPRESS_PAYMENT.currency}.`,
    );
  }
  const amount = typeof craft.amount === 'string' && /^[0-9]+$/.test(craft.amount) ? BigInt(craft.amount) : undefined;
  const expected = BigInt(EXPRESS_PAYMENT.amount);
  if (amount === undefined || (direct ? amount !== expected : amount < expected)) {
    mismatch(
      'amount',
      EXPRESS_PAYMENT.amount,
      craft.amount,
      direct
        ? `The craft's payment is not the ${EXPRESS_PAYMENT.amount} smallest units of ${EXPRESS_PAYMENT.currency} the service charges.`
        : `The craft's swap collects less than the ${EXPRESS_PAYMENT.amount} smallest units of ${EXPRESS_PAYMENT.currency} the service charges.`,
    );
  }
}

/**
 * Holds the craft answer to what the flow signs: a success (`code` 0) with a transaction and a
 * requestId (else `EXPRESS_FAILED` with the service's `code` and `error`), the payment path asked
 * for, addresses that are addresses, the mint asked for, and the payment the spec states.
 */
function checkCraft(
  craft: ExpressCraft,
  options: Pick<ExpressVerificationOptions, 'paymentCurrency' | 'platformTokenMint'>,
): asserts craft is CraftedPayment {
  if (craft.code !== 0 || typeof craft.transaction !== 'string' || craft.transaction === '') {
    throw new FlowError(
      'EXPRESS_FAILED',
      `The payment could not be crafted (code ${String(craft.code)})${craft.error ? `: ${craft.error}` : '.'}`,
      { step: 'craft', code: typeof craft.code === 'number' ? craft.code : null, error: craft.error ?? null },
      { response: craft },
    );
  }
  if (typeof craft.requestId !== 'string' || craft.requestId === '')
    throw unexpected('craft', 'The craft answer has no requestId.', {}, craft);
  checkPaymentPath(craft, options.paymentCurrency);
  checkAnswerAddress('craft', craft, 'receiverAddress');
  checkAnswerAddress('craft', craft, 'mint');
  if (options.platformTokenMint !== undefined && craft.mint !== options.platformTokenMint) {
    throw unexpected(
      'craft',
      `The craft's payment mint is not the ${EXPRESS_PAYMENT.currency} mint given as platformTokenMint.`,
      { field: 'mint', expected: options.platformTokenMint, actual: String(craft.mint) },
      craft,
    );
  }
  checkPaymentAmount(craft, (options.paymentCurrency ?? EXPRESS_PAYMENT.currency) === EXPRESS_PAYMENT.currency);
}

export interface ExpressVerificationResult {
  readonly eligibility: ExpressEligibility | undefined;
  /** The craft answer, checked: its transaction, requestId, receiver, mint and amount are there. */
  readonly craft: CraftedPayment;
  readonly signedTransaction: string;
  readonly execution: ExpressExecution;
}

/**
 * Pays for and submits an express verification. Throws `FlowError` (`EXPRESS_NOT_ELIGIBLE` from
 * the eligibility step or a 409 of execute, `EXPRESS_FAILED` when craft or execute report a
 * failure in a 2xx answer (execute: status `Failed`), `EXPRESS_STATUS_UNKNOWN` when the execute
 * answer says neither `Success` (code 0) nor `Failed` (the payment may have landed), `REQUEST_FAILED`, `UNEXPECTED_RESPONSE`, `ABORTED`) or the signing
 * errors of `signTransaction`; `EXPRESS_CRAFT_EXPIRED` when the craft's `expireAt` has passed before
 * signing (nothing signed).
 */
export async function expressVerify(options: ExpressVerificationOptions): Promise<ExpressVerificationResult> {
  const runtime = createRuntime(options);
  const { client, tokenId } = options;
  const signer = toSigner(options.signer);
  const sender = signer.address;
  // The caller's addresses are checked before anything is crafted or signed: without the eligibility
  // step, a mistyped token id would first be noticed by execute, with the signed payment in hand.
  addressBytes(tokenId, 'tokenId');
  if (options.platformTokenMint !== undefined) addressBytes(options.platformTokenMint, 'platformTokenMint');

  let eligibility: ExpressEligibility | undefined;
  if (options.checkEligibility ?? true) {
    eligibility = dataOrThrow(
      'eligibility',
      await callApi(runtime, 'eligibility', (o) => client.tokensCheckExpressEligibility({ query: { tokenId }, ...o })),
    );
    if (eligibility.canVerify !== true) {
      throw new FlowError(
        'EXPRESS_NOT_ELIGIBLE',
        `The token cannot be verified${eligibility.verificationError ? `: ${eligibility.verificationError}` : '.'}`,
        { step: 'eligibility', tokenId, tokenExists: eligibility.tokenExists, isVerified: eligibility.isVerified },
        { response: eligibility },
      );
    }
  }

  const query = { senderAddress: sender, ...(options.paymentCurrency ? { paymentCurrency: options.paymentCurrency } : {}) };
  const craft = dataOrThrow('craft', await callApi(runtime, 'craft', (o) => client.tokensCraftExpressTransaction({ query, ...o })));
  checkCraft(craft, options);
  const direct = (options.paymentCurrency ?? EXPRESS_PAYMENT.currency) === EXPRESS_PAYMENT.currency;

  runtime.checkAborted('sign');
  checkNotExpired(craft, runtime.now());
  // The craft's `feeLamports` is not a bound of the priority fee: the published answers give the
  // signature fee alone (5000). The caller's bound applies (`expectations.maxPriorityFeeLamports`), else the default cap.
  // A gasless craft: a wallet of the service pays the fee, and the craft does not name it; the
  // transaction's own fee payer is accepted (the sender's value is checked all the same).
  const feePayer = options.expectations?.feePayer ?? (craft.gasless === true ? inspectTransaction(craft.transaction).feePayer : undefined);
  const expectations = {
    ...options.expectations,
    ...(feePayer === undefined ? {} : { feePayer }),
    maxPriorityFeeLamports: options.expectations?.maxPriorityFeeLamports ?? DEFAULT_MAX_PRIORITY_FEE_LAMPORTS,
    expect: paymentIntent(craft),
  };
  const signedTransaction = await signTransaction(craft.transaction, signer, expectations);

  const body: ExecuteBody = {
    transaction: signedTransaction,
    requestId: craft.requestId,
    senderAddress: sender,
    tokenId,
    twitterHandle: options.twitterHandle,
    description: options.description,
    ...(options.senderTwitterHandle !== undefined ? { senderTwitterHandle: options.senderTwitterHandle } : {}),
    ...(options.tokenMetadata !== undefined
      ? { tokenMetadata: { ...options.tokenMetadata, tokenId: options.tokenMetadata.tokenId ?? tokenId } }
      : {}),
    ...(options.paymentCurrency !== undefined ? { paymentCurrency: options.paymentCurrency } : {}),
    // On a swap path the service asks for the input paid and recommends echoing the output it yields.
    ...(direct ? {} : { paymentAmount: craft.quotedInputAmount, platformTokenOutputAmount: craft.amount }),
  };
  const sent = { requestId: craft.requestId, signature: firstSignature(signedTransaction) ?? null };
  const executed = await noteOnAbort(
    () => callApi(runtime, 'execute', (o) => client.tokensExecuteExpress({ body, ...o }), { maxRetries: 0 }),
    'The payment may have been sent and may still land: check its signature before paying again.',
    sent,
  );
  if (!executed.ok) {
    const { failure } = executed;
    if (failure.kind === 'api' && failure.status === 409) {
      throw new FlowError(
        'EXPRESS_NOT_ELIGIBLE',
        `The token is not eligible for express verification${errorText(failure.body) ? `: ${errorText(failure.body)}` : '.'}`,
        { step: 'execute', tokenId, status: 409 },
        { cause: failure.error, response: failure.body },
      );
    }
    const failed = requestFailed('execute', failure);
    if (failure.kind === 'api' && failure.status < 500) throw failed;
    // No answer, or a 5xx: the payment may have landed all the same.
    throw new FlowError(
      'REQUEST_FAILED',
      `${failed.message} The payment may have landed: check its signature before paying again.`,
      { ...failed.details, ...sent },
      { cause: failure.error, response: failed.response },
    );
  }
  const execution = executed.data;
  const succeeded = execution.status === 'Success' && (execution.code === undefined || execution.code === 0);
  if (!succeeded && execution.status !== 'Failed') {
    // Only `Success` (code 0) and `Failed` say what happened; any other status (one the service adds
    // later, or a pending one), or `Success` with another code, does not: the payment may have landed.
    throw new FlowError(
      'EXPRESS_STATUS_UNKNOWN',
      `The execute answer does not say whether the payment landed (status ${String(execution.status)}, code ${String(execution.code ?? 'none')}). The payment may have landed: check its signature before paying again.`,
      {
        step: 'execute',
        requestId: craft.requestId,
        status: String(execution.status),
        code: execution.code ?? null,
        error: execution.error ?? null,
        signature: execution.signature ?? sent.signature,
      },
      { response: execution },
    );
  }
  if (!succeeded) {
    throw new FlowError(
      'EXPRESS_FAILED',
      `The payment was not executed (status ${String(execution.status)})${execution.error ? `: ${execution.error}` : '.'}`,
      {
        step: 'execute',
        status: String(execution.status),
        code: execution.code ?? null,
        error: execution.error ?? null,
        signature: execution.signature ?? null,
      },
      { response: execution },
    );
  }
  return { eligibility, craft, signedTransaction, execution };
}
