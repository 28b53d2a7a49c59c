/**
 * The trigger v2 price order in one call: vault (get or register) → craft the deposit → check and
 * sign it → create the order. When the create answer is lost (no answer, a timeout, a 5xx, or a
 * "duplicate deposit" 400), the order is looked up in the history instead of being created again:
 * the deposit would be rejected as a duplicate, or worse, funds deposited twice.
 */
import type { SignTransactionExpectations } from '../checks.js';
import { FlowError } from '../errors.js';
import { signTransaction } from '../sign-transaction.js';
import { toSigner, type SignerInput } from '../signers/to-signer.js';
import type { ValueIntent } from '../value/check-intent.js';
import { NATIVE_MINT_ADDRESS } from '@x/chain';
import {
  callApi,
  dataOrThrow,
  errorText,
  requestFailed,
  unexpected,
  type CallFailure,
  type FlowClient,
  type RequestOf,
  type SuccessBody,
} from './client.js';
import { DEFAULT_MAX_PRIORITY_FEE_LAMPORTS } from './fee-bound.js';
import { signaturesOf } from './first-signature.js';
import { pickPriceOrder, type PriceOrderFingerprint, type TriggerOrderRecord } from './find-price-order.js';
import {
  backoffDelay,
  createRuntime,
  noteOnAbort,
  positiveInteger,
  type BackoffOptions,
  type FlowRuntimeOptions,
  type Runtime,
} from './runtime.js';
import { resolveVault, type TriggerVault } from './trigger-vault.js';

export type PriceOrderClient = FlowClient<
  'triggerV2GetVault' | 'triggerV2RegisterVault' | 'triggerV2CraftDeposit' | 'triggerV2CreatePriceOrder' | 'triggerV2GetOrderHistory'
>;
type CreateBody = NonNullable<RequestOf<'triggerV2CreatePriceOrder'>['body']>;
/** The order: everything of `POST /trigger/v2/orders/price` except what the flow fills in. */
export type PriceOrderParams = Omit<CreateBody, 'depositRequestId' | 'depositSignedTx' | 'userPubkey'>;
export type DepositCraft = SuccessBody<'triggerV2CraftDeposit'>;
export type CreatedPriceOrder = SuccessBody<'triggerV2CreatePriceOrder'>;

export interface PriceOrderRecovery extends BackoffOptions {
  /** History look-ups at most. Default 5. */
  readonly attempts?: number;
  /** History pages read per look-up (newest first). Default 2. */
  readonly pages?: number;
  /** Page size. Default 50. */
  readonly pageSize?: number;
  /** Tolerated difference between this clock and the service's. Default 5 minutes. */
  readonly clockSkewMs?: number;
}

export interface PriceOrderOptions extends FlowRuntimeOptions {
  /** A client signed in (bearer: `createTriggerAuthSession`) as the signer's wallet. */
  readonly client: PriceOrderClient;
  readonly signer: SignerInput;
  readonly order: PriceOrderParams;
  /**
   * More checks of the deposit transaction (`programs`, ...). The wallet must pay its fee unless
   * `feePayer` says otherwise. The value check is the flow's own: the deposit moves exactly the
   * crafted amount of the input mint to the vault and nothing else out of the wallet.
   */
  readonly depositExpectations?: Omit<SignTransactionExpectations, 'expect'>;
  /** How a lost create answer is recovered from the history. */
  readonly recovery?: PriceOrderRecovery;
}

export interface PriceOrderResult {
  /** The order id (UUID). */
  readonly id: string;
  /** The create answer; `undefined` when the order was recovered from the history. */
  readonly created: CreatedPriceOrder | undefined;
  /** True when the create answer was lost and the order was found in the history. */
  readonly recovered: boolean;
  /** The history record of a recovered order. */
  readonly record: TriggerOrderRecord | undefined;
  readonly vault: TriggerVault;
  /** True when this call registered the vault. */
  readonly vaultRegistered: boolean;
  readonly deposit: DepositCraft;
  /** The signed deposit transaction (base64). */
  readonly signedDeposit: string;
  /** The wallet's signature of the deposit (base58). */
  readonly depositSignature: string;
}

function checkDeposit(deposit: DepositCraft, order: PriceOrderParams, vault: TriggerVault): string {
  if (typeof deposit.transaction !== 'string' || deposit.transaction === '') {
    throw unexpected('deposit', 'The deposit answer holds no transaction.', {}, deposit);
  }
  if (typeof deposit.requestId !== 'string' || deposit.requestId === '') {
    throw unexpected('deposit', 'The deposit answer has no requestId.', {}, deposit);
  }
  const mismatch = (field: string, expected: string, actual: unknown) => {
    if (actual !== undefined && actual !== expected) {
      throw unexpected('deposit', `The deposit's ${field} is not the one requested.`, { field, expected, actual: String(actual) }, deposit);
    }
  };
  mismatch('mint', order.inputMint, deposit.mint);
  mismatch('amount', order.inputAmount, deposit.amount);
  mismatch('receiverAddress', vault.vaultPubkey, deposit.receiverAddress);
  return deposit.transaction;
}

/**
 * What the deposit may move out of the wallet: the order's input amount of its input mint to the
 * vault (native coin by a System transfer, tokens to the vault's associated token account), nothing else.
 */
function depositIntent(order: PriceOrderParams, vault: TriggerVault): ValueIntent {
  const native = order.inputMint === NATIVE_MINT_ADDRESS;
  return {
    transfers: [{ ...(native ? {} : { mint: order.inputMint }), amount: order.inputAmount, to: vault.vaultPubkey }],
    allowDestinations: [],
  };
}

interface RecoverySettings {
  readonly attempts: number;
  readonly pages: number;
  readonly limit: number;
  readonly backoff: BackoffOptions;
}

/** Checks the recovery options up front (before anything is sent). */
function recoverySettings(options: PriceOrderRecovery = {}): RecoverySettings {
  return {
    attempts: positiveInteger(options.attempts, 5, 'recovery.attempts'),
    pages: positiveInteger(options.pages, 2, 'recovery.pages'),
    limit: positiveInteger(options.pageSize, 50, 'recovery.pageSize'),
    backoff: { initialDelayMs: 1_000, ...options },
  };
}

/** Whether a failed create may have created the order anyway. */
function mayHaveCreated(failure: CallFailure): boolean {
  if (failure.kind === 'transport') return true;
  if (failure.status >= 500) return true;
  return failure.status === 400 && /duplicate/i.test(errorText(failure.body) ?? '');
}

async function recover(
  runtime: Runtime,
  client: PriceOrderClient,
  fingerprint: PriceOrderFingerprint,
  settings: RecoverySettings,
  createFailure: CallFailure,
): Promise<TriggerOrderRecord> {
  const { attempts, pages, limit, backoff } = settings;
  let lastFailure: CallFailure = createFailure;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) await runtime.wait(backoffDelay(attempt - 1, backoff), 'history');
    const records: TriggerOrderRecord[] = [];
    for (let page = 0; page < pages; page++) {
      const query = { mint: fingerprint.body.inputMint, sort: 'created_at', dir: 'desc', limit, offset: page * limit } as const;
      const outcome = await callApi(runtime, 'history', (o) => client.triggerV2GetOrderHistory({ query, ...o }));
      if (!outcome.ok) {
        lastFailure = outcome.failure;
        break;
      }
      records.push(...outcome.data.orders);
      const found = pickPriceOrder(records, fingerprint);
      if (found.kind === 'found' && found.match === 'strong') return found.record;
      if (outcome.data.orders.length < limit) break;
    }
    const found = pickPriceOrder(records, fingerprint);
    if (found.kind === 'found') return found.record;
    if (found.kind === 'ambiguous') {
      throw new FlowError(
        'ORDER_CREATE_UNCONFIRMED',
        'The create answer was lost and several orders in the history match it; none was picked. Do not create it again before checking.',
        { step: 'history', depositRequestId: fingerprint.body.depositRequestId, candidates: found.candidates },
        { cause: createFailure.error },
      );
    }
  }
  throw new FlowError(
    'ORDER_CREATE_UNCONFIRMED',
    'The create answer was lost and the order is not in the history. The deposit may still be used: do not create the order again with it before checking.',
    {
      step: 'history',
      depositRequestId: fingerprint.body.depositRequestId,
      depositSignature: fingerprint.depositIds[1] ?? null,
      historyStatus: lastFailure.kind === 'api' ? lastFailure.status : null,
    },
    { cause: createFailure.error },
  );
}

/**
 * Places a trigger v2 price order in one call. The client must be signed in as the signer's wallet
 * (`bearer: createTriggerAuthSession({ client, signer })`).
 *
 * Throws `FlowError` (`VAULT_UNAVAILABLE`, `REQUEST_FAILED` with `details.step` `deposit` or
 * `create`, `ORDER_CREATE_UNCONFIRMED`, `UNEXPECTED_RESPONSE`, `ABORTED`), the signing errors of
 * `signTransaction`, or the session's `AuthError`.
 */
export async function createPriceOrder(options: PriceOrderOptions): Promise<PriceOrderResult> {
  const runtime = createRuntime(options);
  const { client, order } = options;
  const signer = toSigner(options.signer);
  const wallet = signer.address;
  const recovery = recoverySettings(options.recovery);

  const { vault, registered } = await resolveVault(runtime, client, wallet);

  const craftBody = {
    userAddress: wallet,
    orderType: 'price',
    orderSubType: order.orderType,
    inputMint: order.inputMint,
    outputMint: order.outputMint,
    amount: order.inputAmount,
  } as const;
  const deposit = dataOrThrow('deposit', await callApi(runtime, 'deposit', (o) => client.triggerV2CraftDeposit({ body: craftBody, ...o })));
  const transaction = checkDeposit(deposit, order, vault);

  runtime.checkAborted('sign');
  // The deposit answer names no priority fee: the caller's bound, else the default cap.
  const expectations = {
    ...options.depositExpectations,
    maxPriorityFeeLamports: options.depositExpectations?.maxPriorityFeeLamports ?? DEFAULT_MAX_PRIORITY_FEE_LAMPORTS,
    expect: depositIntent(order, vault),
  };
  const signedDeposit = await signTransaction(transaction, signer, expectations);
  const signatures = signaturesOf(signedDeposit, wallet);
  const depositSignature = signatures.signer ?? '';
  const firstSignature = signatures.first ?? '';

  const body: CreateBody = { ...order, depositRequestId: deposit.requestId, depositSignedTx: signedDeposit, userPubkey: wallet };
  const common = { vault, vaultRegistered: registered, deposit, signedDeposit, depositSignature };
  return await noteOnAbort(
    async () => {
      const sentAt = runtime.now();
      const created = await callApi(runtime, 'create', (o) => client.triggerV2CreatePriceOrder({ body, ...o }), { maxRetries: 0 });
      if (created.ok) {
        if (typeof created.data.id !== 'string' || created.data.id === '')
          throw unexpected('create', 'The create answer has no order id.', {}, created.data);
        return { id: created.data.id, created: created.data, recovered: false, record: undefined, ...common };
      }
      if (!mayHaveCreated(created.failure)) throw requestFailed('create', created.failure);

      const fingerprint: PriceOrderFingerprint = {
        body,
        depositIds: [deposit.requestId, depositSignature, firstSignature],
        sentAt,
        clockSkewMs: options.recovery?.clockSkewMs ?? 300_000,
      };
      const record = await recover(runtime, client, fingerprint, recovery, created.failure);
      return { id: record.id, created: undefined, recovered: true, record, ...common };
    },
    'The order may have been created with this deposit: look it up in the history before depositing again.',
    { depositRequestId: deposit.requestId, depositSignature },
  );
}
