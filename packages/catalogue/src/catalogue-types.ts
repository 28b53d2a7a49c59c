// The shape of the generated catalogue (src/gen/catalogue.gen.ts): one entry per operation of the spec.
import type { MarketDataKind } from '@x/fetch-client/polite';
import type { AlreadyExists } from '@x/openapi/reader';

/** A JSON Schema object (2020-12); its `$ref`s point into the catalogue's `defs` as `#/$defs/<name>`. */
export type JsonSchemaObject = { [keyword: string]: unknown };

/**
 * What an operation does, from the spec's marks:
 * - `read`: a GET without `x-side-effects` that prepares nothing;
 * - `prepare`: `x-prepares-transaction`: answers with an unsigned transaction (or its instructions)
 *   for the user to sign elsewhere, and moves nothing by itself;
 * - `change`: everything else: it takes a signed transaction or changes state (one marked both
 *   `x-prepares-transaction` and `x-side-effects` is a change that also answers an unsigned transaction).
 */
export type Access = 'read' | 'prepare' | 'change';

export interface CatalogueParameter {
  /** The wire name (`inputMint`): the flag `--inputMint` and the tool argument `inputMint`. */
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  /** Readable type: `string`, `integer | "rtse"`, `"sports" | "crypto"`. */
  type: string;
  /** The spec's rules in words: `pattern ^[0-9]+$`, `0 to 10000`, `default 50`. */
  rules: string[];
  schema: JsonSchemaObject;
  /** The spec's example value. */
  example?: unknown;
}

export interface CatalogueBodyField {
  name: string;
  type: string;
  required: boolean;
  description?: string;
  rules: string[];
}

export type { AlreadyExists };

export interface CatalogueOperation {
  operationId: string;
  /** The operationId in kebab case: `swap-get-order`. */
  command: string;
  /** The operation's first tag: `Swap`, `Trigger v2`, `Prediction`. */
  area: string;
  summary: string;
  /** `x-agent-summary`: one or two sentences written for a model (when to use it, what it returns, units). */
  agentSummary: string;
  description: string;
  method: string;
  path: string;
  deprecated: boolean;
  access: Access;
  /** A read that prepares an unsigned transaction when this parameter is given (swap order: `taker`). */
  preparesWhen?: string;
  /** `x-safe-to-retry`: a repeat of the same call applies nothing more (swap execute). */
  safeToRetry: boolean;
  /**
   * `x-already-exists`: a repeat creates nothing; it answers `status` with what the first call made
   * in the body's field `record`, and the read `read` (an operationId) reads it when that is absent
   * (vault register: 409, `details`, `triggerV2GetVault`).
   */
  alreadyExists?: AlreadyExists;
  /** Whether the operation needs a trigger v2 bearer token. */
  bearer: boolean;
  /**
   * `x-sign-in`: a step of the sign-in that issues the token of this bearer security scheme
   * (`TriggerJwt`: trigger v2's challenge and verify). A person's step, or a program's holding the
   * wallet's key: the challenge is signed with the wallet, and verify answers the credential.
   */
  signIn?: string;
  /** `x-pagination`: how the operation pages and which field of the body holds the items. */
  paged?: { style: string; items: string };
  /** `x-market-data`: how fast the answer goes stale (quote, live, catalogue); what `politeFetch` caches it for. */
  marketData?: MarketDataKind;
  parameters: CatalogueParameter[];
  body?: { required: boolean; schema: JsonSchemaObject; fields: CatalogueBodyField[]; example?: unknown };
  /** The success status and the schema of its body. */
  success?: { status: number; schema: JsonSchemaObject };
  /** Top-level fields of the success body that hold unsigned transactions (`x-unsigned-transaction`). */
  unsignedTransactionFields: string[];
  /** Top-level fields of the success body marked `x-sensitive` (the token of auth verify): credentials, never shown to a model. */
  sensitiveAnswerFields: string[];
  /** The names of the `defs` the parameter and body schemas reach, and those the success body's schema reaches. */
  defs: { request: string[]; answer: string[] };
}
