// `x-mock check`: every read-only operation of the spec, called once (plus bounded retries)
// against a base URL, each answer classified as ok, additive, breaking or unreachable.
import { createCaller, type CallerOptions, type CallOutcome } from './call.js';
import { createClassifier, type DriftClass, type Issue } from './classify.js';
import { planCalls, type Credentials, type ParamOverride } from './plan.js';
import { loadCheckSpec, type CheckSpec } from './spec-source.js';

export interface CheckOptions extends Credentials {
  baseUrl: string;
  params?: ParamOverride[];
  /** Per request, ms. Default 10 000. */
  timeoutMs?: number;
  /** Between requests, ms. Default 250. */
  delayMs?: number;
  /** Longest wait honoured for a rate limit, ms. Default 60 000. */
  maxWaitMs?: number;
  /** Retries per call on 429/502/503/504. Default 2. */
  maxRetries?: number;
  /** The spec to check against (tests); default the bundled one. */
  spec?: CheckSpec;
  fetch?: CallerOptions['fetch'];
  sleep?: CallerOptions['sleep'];
  now?: CallerOptions['now'];
}

export interface OperationReport {
  operationId: string;
  method: string;
  path: string;
  /** The path and query sent last (no credentials). */
  request?: string;
  status?: number;
  result: DriftClass;
  issues: Issue[];
  note?: string;
  /** Requests sent for this operation (retries included). */
  requests: number;
}

export interface CheckReport {
  baseUrl: string;
  operations: OperationReport[];
  excluded: Array<{ operationId: string; reason: string }>;
  summary: Record<DriftClass, number>;
  requests: number;
}

export const CHECK_DEFAULTS = { timeoutMs: 10_000, delayMs: 250, maxWaitMs: 60_000, maxRetries: 2 } as const;

export async function runCheck(options: CheckOptions): Promise<CheckReport> {
  const spec = options.spec ?? loadCheckSpec();
  const plan = planCalls(spec, options.params ?? [], options);
  const maxRetries = options.maxRetries ?? CHECK_DEFAULTS.maxRetries;
  const caller = createCaller({
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs ?? CHECK_DEFAULTS.timeoutMs,
    delayMs: options.delayMs ?? CHECK_DEFAULTS.delayMs,
    maxWaitMs: options.maxWaitMs ?? CHECK_DEFAULTS.maxWaitMs,
    maxRetries,
    // One request per operation, one fuller request when the minimal one answers 400, and the retries of each.
    maxRequests: plan.calls.length * 2 * (maxRetries + 1),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const classify = createClassifier(spec);
  const operations: OperationReport[] = [];

  for (const call of plan.calls) {
    const { operationId, method, path } = call.operation;
    const base = { operationId, method, path };
    if (call.blocked) {
      operations.push({ ...base, result: 'unreachable', issues: [], note: call.blocked, requests: 0 });
      continue;
    }
    let request = call.request;
    let outcome: CallOutcome = await caller.call(request);
    let sent = outcome.attempts;
    let fuller = false;
    if (outcome.kind === 'answer' && outcome.answer.status === 400 && call.fuller) {
      request = call.fuller;
      outcome = await caller.call(request);
      sent += outcome.attempts;
      fuller = true;
    }
    const fullerNote = fuller
      ? `the required parameters alone answered 400; sent the examples of ${call.fullerAdds.join(', ')} too`
      : undefined;
    if (outcome.kind === 'unreachable') {
      operations.push({ ...base, request: request.target, result: 'unreachable', issues: [], note: outcome.reason, requests: sent });
      continue;
    }
    const verdict = classify(call.operation, outcome.answer);
    const note = [fullerNote, verdict.note].filter(Boolean).join('; ');
    operations.push({
      ...base,
      request: request.target,
      status: outcome.answer.status,
      result: verdict.result,
      issues: verdict.issues,
      ...(note ? { note } : {}),
      requests: sent,
    });
  }

  const summary: Record<DriftClass, number> = { ok: 0, additive: 0, breaking: 0, unreachable: 0 };
  for (const op of operations) summary[op.result]++;
  return { baseUrl: options.baseUrl, operations, excluded: plan.excluded, summary, requests: caller.requests };
}

/** The process exit code of a check: 1 on breaking drift, else 0. */
export function exitCodeOf(report: CheckReport): number {
  return report.summary.breaking > 0 ? 1 : 0;
}
