// What the simulator makes of one upstream answer (live or replayed): it is checked against the
// operation's documented responses by the drift check's classifier (src/check/classify.ts), so
//   ok / additive - the answer is served (additive drift is logged once per place);
//   breaking      - the simulator falls back to its own data for that call, and reports it;
//   429, 5xx, a redirect, 401/403 - the market is unavailable (503, 502 or 504 to the client);
//   a 429 or 503 passes on the upstream's `Retry-After` (or its `x-ratelimit-reset`).
import { retryAfterMs, untilResetMs, type HeaderReader } from '@x/fetch-client/polite';
import { createClassifier, type Issue } from '../check/classify.js';
import { isReadOnly } from '../check/plan.js';
import { checkSpecOf, type CheckSpec, type SpecOperation } from '../check/spec-source.js';
import type { OpenApiDocument } from '../simulator/spec.js';
import { LOCAL_ANSWER, type MarketAnswer } from '../simulator/market/source.js';

export interface DriftRecord {
  operationId: string;
  kind: 'additive' | 'breaking';
  location: Issue['location'];
  pointer: string;
  message: string;
}

export interface Interpretation {
  answer: MarketAnswer;
  /** Set when the answer was valid to serve. */
  cacheable: boolean;
  /** Drift found in this answer (none for unavailable ones). */
  drift: DriftRecord[];
  /** Whether the upstream failed (counts against the circuit). */
  failed: boolean;
}

/** `at`: when the answer came (epoch ms), to read an HTTP-date `Retry-After` against when the answer has no `Date`. */
export type Interpreter = (operationId: string, status: number, header: HeaderReader, bodyText: string, at: number) => Interpretation;

const specs = new WeakMap<OpenApiDocument, CheckSpec>();

function specOf(doc: OpenApiDocument): CheckSpec {
  let spec = specs.get(doc);
  if (!spec) {
    spec = checkSpecOf(doc);
    specs.set(doc, spec);
  }
  return spec;
}

/** The spec's operation of that id, if it may be read upstream: a GET not marked `x-side-effects`. */
export function readOnlyOperation(doc: OpenApiDocument, operationId: string): SpecOperation | undefined {
  const op = specOf(doc).operations.find((o) => o.operationId === operationId);
  return op && isReadOnly(op) ? op : undefined;
}

const unavailable = (status: 502 | 503 | 504, message: string, retryAfter?: number): Interpretation => ({
  answer: { kind: 'unavailable', status, message, ...(retryAfter !== undefined ? { retryAfterMs: retryAfter } : {}) },
  cacheable: false,
  drift: [],
  failed: true,
});

export function createInterpreter(doc: OpenApiDocument): Interpreter {
  const spec = specOf(doc);
  const classify = createClassifier(spec);
  const byId = new Map(spec.operations.map((o) => [o.operationId, o]));
  return (operationId, status, header, bodyText, at) => {
    const op = byId.get(operationId);
    if (!op) return { answer: LOCAL_ANSWER, cacheable: false, drift: [], failed: false };
    if (status === 0) return unavailable(502, 'The upstream did not answer');
    if (status >= 300 && status < 400) return unavailable(502, `The upstream answered a redirect (${status}), which is not followed`);
    if (status === 401 || status === 403) return unavailable(502, `The upstream refused the upstream API key (${status})`);
    const wait = (): number | undefined => retryAfterMs(header, at) ?? untilResetMs(header, at);
    if (status === 429) return { ...unavailable(503, 'The upstream is rate limiting; try again later', wait()), failed: false };
    if (status === 504) return unavailable(504, 'The upstream timed out');
    if (status === 503) return unavailable(503, 'The upstream is unavailable', wait());
    if (status >= 500) return unavailable(502, `The upstream failed (${status})`);
    const verdict = classify(op, { status, header, bodyText });
    const drift = verdict.issues.map(
      (i): DriftRecord => ({ operationId, kind: i.kind, location: i.location, pointer: i.pointer, message: i.message }),
    );
    if (verdict.result === 'breaking') return { answer: LOCAL_ANSWER, cacheable: false, drift, failed: false };
    let body: unknown;
    try {
      body = bodyText.trim() === '' ? null : (JSON.parse(bodyText) as unknown);
    } catch {
      const notJson: DriftRecord = { operationId, kind: 'breaking', location: 'body', pointer: '', message: 'not JSON' };
      return { answer: LOCAL_ANSWER, cacheable: false, drift: [...drift, notJson], failed: false };
    }
    return { answer: { kind: 'market', status, body }, cacheable: true, drift, failed: false };
  };
}
