// Which operations are reads, writes and paged reads, from the spec's methods and extensions.
import { type AlreadyExists, deepMarkedProperties, deref, type JsonSchema, type Operation } from '@x/openapi/reader';

export interface Classified {
  reads: string[];
  writes: string[];
  paged: { id: string; style: string; items: string }[];
  /** The writes whose request body has fields marked `x-sensitive` (signed transactions, challenge signatures), with those fields. */
  sensitive: { id: string; fields: string[] }[];
  /** The writes whose 2xx answer has fields marked `x-sensitive` (auth verify's bearer token), with those fields. */
  sensitiveAnswers: { id: string; fields: string[] }[];
  /**
   * The reads whose answer depends on who signs in: the client's bearer operations (their security
   * includes an HTTP bearer scheme: trigger v2's session of a wallet) that are reads. Their keys name
   * the client that asks (see `keyScopeOf`).
   */
  signedInReads: string[];
  /**
   * The writes marked `x-already-exists`: a repeat creates nothing and answers `status` with the
   * record in the body's `record` field; `read` reads it when absent (vault register).
   */
  alreadyExists: ({ id: string } & AlreadyExists)[];
  /** The reads marked `x-market-data`, with their kind (`quote`, `live`, `catalogue`). */
  marketData: { id: string; kind: string }[];
  /**
   * The reads marked `x-prepares-transaction` (an unsigned transaction to sign): `when` names the
   * parameter whose presence makes a call prepare one (`taker`), else every call does.
   */
  preparesTransaction: { id: string; when?: string }[];
  /** The reads that report an outcome by polling (`x-waiter` with `final`): the values that end it. */
  finalStates: { id: string; final: string[] }[];
  /**
   * The reads that only list records (`x-waiter` with `match`): the items field, the key field, and
   * the query of the listing where a record is still going (`pending`) and where it is final.
   */
  finalListings: { id: string; items: string; by: string; pending?: Record<string, unknown>; final: Record<string, unknown> }[];
}

type WaiterMark = { final?: unknown; pending?: unknown; match?: { items: string; by: string } };
const queryOf = (listing: unknown) => (listing as { query?: Record<string, unknown> } | undefined)?.query;

/** `bearerOperations`: the client's table of the operations it sends a bearer token for (`@x/fetch-client`'s generated one). */
export function classifyOperations(ops: readonly Operation[], bearerOperations: readonly string[] = []): Classified {
  const byId = [...ops].sort((a, b) => a.operationId.localeCompare(b.operationId));
  const isRead = (op: Operation) => op.method === 'GET' && op.extensions['x-side-effects'] !== true;
  const paged = byId.filter((op) => op.pagination !== undefined);
  for (const op of paged)
    if (!isRead(op))
      throw new Error(`${op.operationId} is paged (x-pagination) but is not a read: an infinite query must not change state`);
  return {
    reads: byId.filter(isRead).map((op) => op.operationId),
    writes: byId.filter((op) => !isRead(op)).map((op) => op.operationId),
    paged: paged.map((op) => ({ id: op.operationId, style: op.pagination!.style, items: op.pagination!.items })),
    sensitive: byId.flatMap((op) => {
      const fields = isRead(op) ? [] : sensitiveBodyFields(op);
      return fields.length > 0 ? [{ id: op.operationId, fields }] : [];
    }),
    sensitiveAnswers: byId.flatMap((op) => {
      const fields = sensitiveAnswerFields(op);
      if (fields.length > 0 && isRead(op))
        throw new Error(`${op.operationId}: a read's answer has x-sensitive fields (${fields}); TanStack Query would cache and share them`);
      return fields.length > 0 ? [{ id: op.operationId, fields }] : [];
    }),
    signedInReads: byId.filter((op) => isRead(op) && bearerOperations.includes(op.operationId)).map((op) => op.operationId),
    // (the reader checks the mark: its status a response, its read a read)
    alreadyExists: byId.flatMap((op) => {
      if (op.alreadyExists === undefined) return [];
      if (isRead(op)) throw new Error(`${op.operationId}: x-already-exists must be on a write (its options are mutationOptions)`);
      return [{ id: op.operationId, ...op.alreadyExists }];
    }),
    marketData: byId
      .filter((op) => isRead(op) && typeof op.extensions['x-market-data'] === 'string')
      .map((op) => ({ id: op.operationId, kind: op.extensions['x-market-data'] as string })),
    preparesTransaction: byId.flatMap((op) => {
      const mark = op.extensions['x-prepares-transaction'] as boolean | { when?: unknown } | undefined;
      if (!isRead(op) || !mark) return [];
      return [typeof mark === 'object' && typeof mark.when === 'string' ? { id: op.operationId, when: mark.when } : { id: op.operationId }];
    }),
    finalStates: byId.flatMap((op) => {
      const final = (op.extensions['x-waiter'] as WaiterMark | undefined)?.final;
      return isRead(op) && Array.isArray(final) ? [{ id: op.operationId, final: final.map(String) }] : [];
    }),
    finalListings: byId.flatMap((op) => {
      const mark = op.extensions['x-waiter'] as WaiterMark | undefined;
      const final = queryOf(mark?.final);
      if (!isRead(op) || !mark?.match || !final) return [];
      const pending = queryOf(mark.pending);
      return [{ id: op.operationId, items: mark.match.items, by: mark.match.by, ...(pending && { pending }), final }];
    }),
  };
}

type SchemaNode = { properties?: Record<string, unknown>; items?: unknown; allOf?: unknown[]; anyOf?: unknown[]; oneOf?: unknown[] };

/** The schemas a body may be at once or instead (through $refs, allOf/anyOf/oneOf). */
function alternatives(node: unknown, out: SchemaNode[] = [], seen = new Set<unknown>()): SchemaNode[] {
  const schema = deref(node as JsonSchema) as SchemaNode | undefined;
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return out;
  seen.add(schema);
  out.push(schema);
  for (const sub of [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) alternatives(sub, out, seen);
  return out;
}

/**
 * The top-level fields of `schema` marked `x-sensitive: true`, sorted. The options keep these out of
 * TanStack Query's state; a mark deeper down would not be, so it stops the generation instead of
 * being missed (`where` names the place in the message).
 */
function topLevelMarkedFields(schema: unknown, where: string): string[] {
  const fields = new Set<string>();
  for (const alternative of alternatives(schema)) {
    for (const [name, property] of Object.entries(alternative.properties ?? {})) {
      if ((property as Record<string, unknown> | undefined)?.['x-sensitive'] === true) fields.add(name);
      else if (deepMarkedProperties(property, 'x-sensitive').size > 0)
        throw new Error(
          `${where}: a field below its ${name} is marked x-sensitive; only top-level fields are kept out of the mutation state`,
        );
    }
  }
  return [...fields].sort();
}

/** The top-level request body fields of `op` marked `x-sensitive` (kept out of a mutation's variables). */
function sensitiveBodyFields(op: Operation): string[] {
  const body = op.requestBody?.schema;
  return body === undefined ? [] : topLevelMarkedFields(body, `${op.operationId}'s body`);
}

/** The top-level fields of `op`'s 2xx answers marked `x-sensitive` (kept out of a mutation's data). */
function sensitiveAnswerFields(op: Operation): string[] {
  const fields = Object.values(op.responses)
    .filter((response) => response.status.startsWith('2') && response.schema !== undefined)
    .flatMap((response) => topLevelMarkedFields(response.schema, `${op.operationId}'s ${response.status} answer`));
  return [...new Set(fields)].sort();
}
