/**
 * Typed errors of @x/signing.
 *
 * Every failure is a `SigningError` with a stable `code`. Messages and `details` hold only public
 * facts (addresses, counts, indexes, versions): never secret-key bytes, seeds or keyfile text, and a
 * `cause` is attached only where it cannot carry key material (see `SignerError`).
 */

/** The input could not be read as a legacy or v0 transaction. */
export type TransactionFormatErrorCode = 'INVALID_ENCODING' | 'MALFORMED_TRANSACTION' | 'TRAILING_BYTES' | 'UNSUPPORTED_VERSION';

/** The transaction is well formed, but not one this wallet should sign. */
export type TransactionRejectedErrorCode =
  | 'NOT_A_SIGNER'
  | 'UNEXPECTED_FEE_PAYER'
  | 'SIGNATURE_COUNT_MISMATCH'
  | 'UNEXPECTED_SIGNERS'
  | 'UNEXPECTED_PROGRAM'
  | 'INVALID_EXISTING_SIGNATURE'
  | 'ZERO_BLOCKHASH'
  | 'MESSAGE_IS_A_TRANSACTION'
  | 'INVALID_CHALLENGE'
  | 'TRANSACTION_TOO_LARGE'
  | 'DURABLE_NONCE'
  | 'PRIORITY_FEE_TOO_HIGH'
  | 'UNEXPECTED_TRANSFER'
  | 'UNEXPECTED_DELEGATION'
  | 'UNEXPECTED_AUTHORITY_CHANGE'
  | 'UNEXPECTED_BURN'
  | 'UNRECOGNIZED_INSTRUCTION'
  | 'LOOKUP_TABLE_DESTINATION'
  | 'MISSING_EXPECTED_TRANSFER';

/** A signer could not be built, cannot do what was asked, or failed. */
export type SignerErrorCode = 'INVALID_SECRET_KEY' | 'SIGNER_UNSUPPORTED' | 'SIGNER_FAILED' | 'SIGNER_RETURNED_INVALID_SIGNATURE';

/** A one-call flow (swap, price order, cancel, express verification) could not finish. */
export type FlowErrorCode =
  | 'REQUEST_FAILED'
  | 'ABORTED'
  | 'UNEXPECTED_RESPONSE'
  | 'SWAP_ORDER_FAILED'
  | 'SWAP_EXECUTE_FAILED'
  | 'SWAP_ORDER_EXPIRED'
  | 'SWAP_STATUS_UNKNOWN'
  | 'VAULT_UNAVAILABLE'
  | 'ORDER_CREATE_UNCONFIRMED'
  | 'CANCEL_NOT_READY'
  | 'EXPRESS_NOT_ELIGIBLE'
  | 'EXPRESS_CRAFT_EXPIRED'
  | 'EXPRESS_FAILED'
  | 'EXPRESS_STATUS_UNKNOWN';

export type SigningErrorCode =
  | TransactionFormatErrorCode
  | TransactionRejectedErrorCode
  | SignerErrorCode
  | FlowErrorCode
  | 'AUTH_FAILED'
  | 'INVALID_ARGUMENT';

/** Public facts about a failure: addresses, counts, indexes. Never key material. */
export type SigningErrorDetails = Readonly<Record<string, string | number | boolean | null | readonly string[]>>;

export class SigningError extends Error {
  readonly code: SigningErrorCode;
  readonly details: SigningErrorDetails;

  constructor(code: SigningErrorCode, message: string, details: SigningErrorDetails = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SigningError';
    this.code = code;
    this.details = details;
  }
}

/** The bytes are not a readable legacy or v0 transaction (bad base64, truncated, trailing bytes, unknown version). */
export class TransactionFormatError extends SigningError {
  declare readonly code: TransactionFormatErrorCode;

  constructor(code: TransactionFormatErrorCode, message: string, details: SigningErrorDetails = {}) {
    super(code, message, details);
    this.name = 'TransactionFormatError';
  }
}

/** A check before signing refused the transaction. Nothing was signed. */
export class TransactionRejectedError extends SigningError {
  declare readonly code: TransactionRejectedErrorCode;

  constructor(code: TransactionRejectedErrorCode, message: string, details: SigningErrorDetails = {}) {
    super(code, message, details);
    this.name = 'TransactionRejectedError';
  }
}

/**
 * A signer problem. `cause` is set only for failures thrown by an external signer (a wallet or a
 * kit signer, which hold their keys themselves); errors about secret-key input never carry a cause,
 * because parser errors can quote their input.
 */
export class SignerError extends SigningError {
  declare readonly code: SignerErrorCode;

  constructor(code: SignerErrorCode, message: string, details: SigningErrorDetails = {}, options?: { cause?: unknown }) {
    super(code, message, details, options);
    this.name = 'SignerError';
  }
}

/**
 * The trigger v2 sign-in (challenge, sign, verify) failed. `cause` is the client's error (an HTTP
 * error of `@x/fetch-client`, which holds the response, never a key).
 */
export class AuthError extends SigningError {
  declare readonly code: 'AUTH_FAILED';

  constructor(message: string, details: SigningErrorDetails = {}, options?: { cause?: unknown }) {
    super('AUTH_FAILED', message, details, options);
    this.name = 'AuthError';
  }
}

/**
 * A one-call flow stopped. `details.step` names the step (`order`, `execute`, `vault`, `deposit`,
 * `create`, `history`, `cancel`, `confirm`, `eligibility`, `craft`, ...); `cause` is the client's
 * error when an API call failed (an `@x/fetch-client` error: it holds the answer, never the API key
 * or a private key); `response` is the service's answer when the answer itself is the failure (a
 * swap order with `errorCode`, an execute result with `status: Failed`, ...).
 */
export class FlowError extends SigningError {
  declare readonly code: FlowErrorCode;
  /** The answer that ended the flow, when there is one (a parsed JSON body). */
  readonly response: unknown;

  constructor(code: FlowErrorCode, message: string, details: SigningErrorDetails = {}, options?: { cause?: unknown; response?: unknown }) {
    super(code, message, details, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'FlowError';
    this.response = options?.response;
  }
}

/** True when `error` is a `SigningError`, and has `code` when one is given. */
export function isSigningError(error: unknown, code?: SigningErrorCode): error is SigningError {
  return error instanceof SigningError && (code === undefined || error.code === code);
}
