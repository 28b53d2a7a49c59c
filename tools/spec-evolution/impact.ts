// What a change does to users: the kinds of change the evolution check reports, and the rule that
// turns a change of what is accepted into an impact. A change that narrows what is accepted is
// breaking in a request and harmless in an answer; one that widens it is the reverse.
import type { OpenApiDocument } from '../../packages/openapi/dist/reader.js';

export type Impact = 'breaking' | 'non-breaking';
/** Request: what a caller sends; response: what a caller reads. */
export type Direction = 'request' | 'response';

export interface Change {
  impact: Impact;
  /** `POST /trigger/v2/orders/price (triggerV2CreatePriceOrder)`, or `document` for the rest. */
  operation: string;
  /** Where in the operation: `request body: order.amount`, `response 200 (application/json): items[].mint`. */
  where: string;
  /** What changed, in a few words: `field removed`, `value "x" removed from the enum`. */
  what: string;
  /** Why it is (or is not) breaking, for the user of the released version. */
  why: string;
}

/** narrowed: accepts less than before; widened: accepts more; changed: cannot be ordered (both). */
export type Drift = 'narrowed' | 'widened' | 'changed';

const WHY: Record<Direction, Record<Drift, [Impact, string]>> = {
  request: {
    narrowed: ['breaking', 'a request that was valid is now refused'],
    widened: ['non-breaking', 'every request valid before is still valid'],
    changed: ['breaking', 'a request that was valid may now be refused'],
  },
  response: {
    narrowed: ['non-breaking', 'every answer is still one the released version reads'],
    widened: ['breaking', 'an answer may now hold what a reader of the released version does not expect'],
    changed: ['breaking', 'an answer may now hold what a reader of the released version does not expect'],
  },
};

export function impactOf(direction: Direction, drift: Drift): [Impact, string] {
  return WHY[direction][drift];
}

export interface Context {
  before: OpenApiDocument;
  after: OpenApiDocument;
  operation: string;
  out: Change[];
}

export function emit(ctx: Context, direction: Direction, drift: Drift, where: string, what: string, why?: string): void {
  const [impact, generic] = impactOf(direction, drift);
  ctx.out.push({ impact, operation: ctx.operation, where, what, why: why ?? generic });
}

/** A change that accepts exactly what it did before, in either direction (the list of an open enum). */
export function emitHarmless(ctx: Context, where: string, what: string, why: string): void {
  ctx.out.push({ impact: 'non-breaking', operation: ctx.operation, where, what, why });
}
