// Facts the document carries in `x-` extensions beside the operations: the example world
// (`x-example-values` at the root), the code tables of schema properties (`x-error-codes`) and
// properties marked with a flag (`x-price-setting: true`), the express-verification payment
// (`x-express-payment` on its craft step) and the cap of the automatic priority fee
// (`x-automatic-priority-fee` on the swap order parameter that overrides it).
import { loadSpec, type OpenApiDocument } from './document.js';
import { operation } from './operations.js';
import { deref, resolvePointer } from './pointer.js';

export interface ExampleToken {
  symbol: string;
  mint: string;
  decimals: number;
  [key: string]: unknown;
}

/** The one list of the example world's tokens and addresses (`x-example-values`). */
export interface ExampleValues {
  tokens: ExampleToken[];
  /** Role -> public key (`taker`, `receiver`, `tipReceiver`, ...). */
  addresses: Record<string, string>;
  [key: string]: unknown;
}

/** The document's `x-example-values`; throws when it has none. */
export function exampleValues(doc: OpenApiDocument = loadSpec()): ExampleValues {
  const values = doc['x-example-values'] as ExampleValues | undefined;
  if (!values || !Array.isArray(values.tokens) || !values.addresses)
    throw new Error('the document has no x-example-values (tokens, addresses)');
  return values;
}

/** What an express-verification payment collects: `amount` smallest units of `currency` (`decimals` places). */
export interface ExpressPayment {
  currency: string;
  /** Smallest units, as a decimal string. */
  amount: string;
  decimals: number;
}

/** The `x-express-payment` of the express craft step (`tokensCraftExpressTransaction`); throws when it is missing or malformed. */
export function expressPayment(doc: OpenApiDocument = loadSpec()): ExpressPayment {
  const payment = operation('tokensCraftExpressTransaction', doc).extensions['x-express-payment'] as Partial<ExpressPayment> | undefined;
  if (
    typeof payment?.currency !== 'string' ||
    typeof payment.amount !== 'string' ||
    !/^[1-9][0-9]*$/.test(payment.amount) ||
    typeof payment.decimals !== 'number' ||
    !Number.isInteger(payment.decimals)
  )
    throw new Error('tokensCraftExpressTransaction has no x-express-payment { currency, amount, decimals }');
  return { currency: payment.currency, amount: payment.amount, decimals: payment.decimals };
}

/**
 * The cap of the priority fee the service sets itself, in lamports: `maxLamports` of the
 * `x-automatic-priority-fee` on the swap order's `priorityFeeLamports` parameter (the one that
 * overrides it); throws when it is missing or not a positive whole number.
 */
export function automaticPriorityFeeCap(doc: OpenApiDocument = loadSpec()): number {
  const parameter = operation('swapGetOrder', doc).parameters.find((p) => p.in === 'query' && p.name === 'priorityFeeLamports');
  const cap = (parameter?.['x-automatic-priority-fee'] as { maxLamports?: unknown } | undefined)?.maxLamports;
  if (typeof cap !== 'number' || !Number.isSafeInteger(cap) || cap <= 0)
    throw new Error('the priorityFeeLamports parameter of swapGetOrder has no x-automatic-priority-fee { maxLamports }');
  return cap;
}

export interface ErrorCode {
  code: number | string;
  meaning: string;
  /** Swap execute codes: what the code says about the transaction. */
  outcome?: 'success' | 'pending' | 'expired' | 'failed' | (string & {});
  [key: string]: unknown;
}

/** The `x-error-codes` table of the schema at a pointer (`#/components/schemas/SwapExecuteResponse/properties/code`); throws when it has none. */
export function errorCodes(pointer: string, doc: OpenApiDocument = loadSpec()): ErrorCode[] {
  const schema = resolvePointer(pointer, doc) as Record<string, unknown> | undefined;
  const table = schema?.['x-error-codes'];
  if (!Array.isArray(table)) throw new Error(`no x-error-codes at ${pointer}`);
  return table as ErrorCode[];
}

/**
 * The names of the properties of the object schema at a pointer whose own schema carries
 * `extension: true` (`markedProperties('#/components/schemas/TriggerV2CreatePriceOrderRequest', 'x-price-setting')`),
 * in the order the schema lists them; throws when none is marked.
 */
export function markedProperties(pointer: string, extension: `x-${string}`, doc: OpenApiDocument = loadSpec()): string[] {
  const schema = resolvePointer(pointer, doc) as { properties?: Record<string, Record<string, unknown>> } | undefined;
  const names = Object.entries(schema?.properties ?? {})
    .filter(([, property]) => property?.[extension] === true)
    .map(([name]) => name);
  if (names.length === 0) throw new Error(`no property of ${pointer} is marked ${extension}`);
  return names;
}

/**
 * The names of the properties marked `extension: true` anywhere in a schema: its properties at any
 * depth, through `$ref`s, `allOf` / `anyOf` / `oneOf`, `items` and `additionalProperties`
 * (`deepMarkedProperties(op.requestBody.schema, 'x-sensitive')`). Added to `into` when given.
 */
export function deepMarkedProperties(
  schema: unknown,
  extension: `x-${string}`,
  into: Set<string> = new Set(),
  doc: OpenApiDocument = loadSpec(),
): Set<string> {
  const seen = new Set<unknown>();
  const walk = (node: unknown): void => {
    type Node = {
      properties?: Record<string, Record<string, unknown> | undefined>;
      items?: unknown;
      additionalProperties?: unknown;
    } & Partial<Record<'allOf' | 'anyOf' | 'oneOf', unknown[]>>;
    const at = node && typeof node === 'object' ? (deref(node, doc) as Node) : undefined;
    if (!at || typeof at !== 'object' || seen.has(at)) return;
    seen.add(at);
    for (const [name, property] of Object.entries(at.properties ?? {})) {
      if (property?.[extension] === true) into.add(name);
      walk(property);
    }
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) for (const sub of at[key] ?? []) walk(sub);
    walk(at.items);
    if (typeof at.additionalProperties === 'object') walk(at.additionalProperties);
  };
  walk(schema);
  return into;
}
