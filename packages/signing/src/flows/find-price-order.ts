/**
 * Finds a price order in the wallet's history after its create answer was lost.
 *
 * The history record does not name the deposit, so a record matches:
 * - for sure, when any of its values (fields, events) is the deposit's request id or one of the
 *   signatures of the signed deposit (the create answer's `txSignature` is the deposit's signature);
 * - otherwise, when everything the record shows agrees with the request: wallet, order type and
 *   mints (always shown), and when shown (neither missing nor null) the trigger mint, the initial
 *   input amount, `expiresAt` (to the millisecond), the prices and slippages; and the time it shows
 *   (`createdAt`, else `updatedAt`) is after the create request was sent (less `clockSkewMs`).
 *   A record showing no time never matches by value (it could be an older identical order).
 * Several records agreeing only by value are ambiguous: none is picked.
 */
import { PRICE_FIELDS } from '../gen/price-fields.gen.js';
import type { FlowClient, RequestOf, SuccessBody } from './client.js';

export type TriggerOrderRecord = SuccessBody<'triggerV2GetOrderHistory'>['orders'][number];
export type TriggerHistoryClient = FlowClient<'triggerV2GetOrderHistory'>;
type CreateBody = NonNullable<RequestOf<'triggerV2CreatePriceOrder'>['body']>;

export interface PriceOrderFingerprint {
  readonly body: CreateBody;
  /** Values that identify the deposit (its request id, its signatures). */
  readonly depositIds: readonly string[];
  /** Epoch ms at which the create request was sent. */
  readonly sentAt: number;
  /** Tolerated difference between this clock and the service's. */
  readonly clockSkewMs: number;
}

function containsAny(value: unknown, wanted: ReadonlySet<string>, depth: number): boolean {
  if (typeof value === 'string') return wanted.has(value);
  if (depth <= 0 || value === null || typeof value !== 'object') return false;
  const values = Array.isArray(value) ? value.slice(0, 100) : Object.values(value as Record<string, unknown>).slice(0, 100);
  return values.some((item) => containsAny(item, wanted, depth - 1));
}

/** `strong`: the record names the deposit; `weak`: every shown value agrees; `none` otherwise. */
export function matchPriceOrder(record: TriggerOrderRecord, fingerprint: PriceOrderFingerprint): 'strong' | 'weak' | 'none' {
  const { body } = fingerprint;
  const own = typeof record.depositRequestId === 'string' ? record.depositRequestId : undefined;
  if (own !== undefined && own !== body.depositRequestId) return 'none';
  if (record.userPubkey !== undefined && record.userPubkey !== body.userPubkey) return 'none';
  const ids = new Set(fingerprint.depositIds.filter((id) => id !== ''));
  if (containsAny(record, ids, 4)) return 'strong';
  // The history always shows the type and the mints (the spec's `required`); they must be the ones sent.
  if (record.orderType !== body.orderType || record.inputMint !== body.inputMint || record.outputMint !== body.outputMint) {
    return 'none';
  }
  // Any other value must be the one sent when the record shows it; missing or null means not shown
  // (the history may leave them out, `expiresAt` may be null, a fixed trigger shows `trailingBps: null`).
  const shown = (field: keyof TriggerOrderRecord): unknown => record[field] ?? undefined;
  const disagrees = (field: keyof TriggerOrderRecord, sent: unknown): boolean => shown(field) !== undefined && shown(field) !== sent;
  if (
    disagrees('triggerMint', body.triggerMint) ||
    disagrees('initialInputAmount', body.inputAmount) ||
    disagrees('expiresAt', body.expiresAt)
  ) {
    return 'none';
  }
  if (PRICE_FIELDS.some((field) => disagrees(field as keyof TriggerOrderRecord, body[field]))) return 'none';
  // It must have been created after the request was sent: `createdAt`, else `updatedAt` (never
  // earlier than the creation, so an order it shows older is older). Unix ms as the service sends
  // it; an ISO string is read too (older answers, tolerant reader). A record showing neither could
  // be an older identical order: values alone never match it.
  const time = shown('createdAt') ?? shown('updatedAt');
  const at = typeof time === 'number' ? time : typeof time === 'string' ? Date.parse(time) : Number.NaN;
  if (!Number.isFinite(at) || at < fingerprint.sentAt - fingerprint.clockSkewMs) return 'none';
  return 'weak';
}

export type FindOutcome =
  | { readonly kind: 'found'; readonly record: TriggerOrderRecord; readonly match: 'strong' | 'weak' }
  | { readonly kind: 'ambiguous'; readonly candidates: readonly string[] }
  | { readonly kind: 'missing' };

/** Picks the order among history records (one page or several). */
export function pickPriceOrder(records: readonly TriggerOrderRecord[], fingerprint: PriceOrderFingerprint): FindOutcome {
  const weak: TriggerOrderRecord[] = [];
  for (const record of records) {
    const match = matchPriceOrder(record, fingerprint);
    if (match === 'strong') return { kind: 'found', record, match };
    if (match === 'weak') weak.push(record);
  }
  if (weak.length === 1) return { kind: 'found', record: weak[0]!, match: 'weak' };
  if (weak.length > 1) return { kind: 'ambiguous', candidates: weak.map((record) => record.id) };
  return { kind: 'missing' };
}
