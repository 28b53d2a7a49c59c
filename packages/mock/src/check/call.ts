// Sends the check's requests, one at a time, and only GETs: there is no way to ask this module
// for another method. Paced by a fixed delay and by the service's rate-limit headers, retried a
// bounded number of times on 429/502/503/504, each request under a timeout, redirects never
// followed (credentials stay with the base URL they were given for), and a hard cap on the count.
import type { PlannedRequest } from './plan.js';
import { retryAfterMs, untilResetMs, windowExhausted, type HeaderReader } from '@x/fetch-client/polite';

export interface Answer {
  status: number;
  header: HeaderReader;
  bodyText: string;
}

export type CallOutcome = { kind: 'answer'; answer: Answer; attempts: number } | { kind: 'unreachable'; reason: string; attempts: number };

export interface CallerOptions {
  baseUrl: string;
  /** Per request, body included. */
  timeoutMs: number;
  /** Pause between two requests. */
  delayMs: number;
  /** The longest wait honoured; a service asking for more is reported unreachable for that call. */
  maxWaitMs: number;
  /** Retries per call on 429, 502, 503 and 504. */
  maxRetries: number;
  /** Hard cap on requests for the whole run. */
  maxRequests: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export interface Caller {
  call(request: PlannedRequest): Promise<CallOutcome>;
  /** Requests sent so far. */
  readonly requests: number;
}

const RETRIED: Record<number, string> = {
  429: 'rate limited (429)',
  502: 'bad gateway (502)',
  503: 'service unavailable (503)',
  504: 'gateway timeout (504)',
};

function describeFailure(error: unknown, timeoutMs: number): string {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return `timed out after ${timeoutMs} ms`;
  const code = e.cause?.code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'connection reset';
  return `request failed: ${e.cause?.message ?? e.message ?? String(error)}`;
}

const seconds = (ms: number): string => `${Math.ceil(ms / 1000)} s`;

export function createCaller(options: CallerOptions): Caller {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const base = options.baseUrl.replace(/\/+$/, '');
  let requests = 0;
  let notBefore = 0;

  async function pace(): Promise<void> {
    const wait = notBefore - now();
    if (wait > 0) await sleep(Math.min(wait, options.maxWaitMs));
  }

  return {
    get requests() {
      return requests;
    },
    async call(request) {
      for (let attempt = 1; ; attempt++) {
        if (requests >= options.maxRequests)
          return { kind: 'unreachable', reason: `request cap reached (${options.maxRequests})`, attempts: attempt - 1 };
        await pace();
        requests++;
        let status: number;
        let header: HeaderReader;
        let bodyText: string;
        try {
          const response = await doFetch(base + request.target, {
            method: 'GET',
            headers: { accept: 'application/json', 'user-agent': 'x-mock-check', ...request.headers },
            redirect: 'manual',
            signal: AbortSignal.timeout(options.timeoutMs),
          });
          status = response.status;
          header = (name) => response.headers.get(name);
          bodyText = await response.text();
        } catch (error) {
          notBefore = now() + options.delayMs;
          return { kind: 'unreachable', reason: describeFailure(error, options.timeoutMs), attempts: attempt };
        }
        const at = now();
        notBefore = at + options.delayMs;
        if (windowExhausted(header)) {
          const reset = untilResetMs(header, at);
          if (reset !== undefined) notBefore = Math.max(notBefore, at + Math.min(reset, options.maxWaitMs));
        }
        const retried = RETRIED[status];
        if (retried === undefined) return { kind: 'answer', answer: { status, header, bodyText }, attempts: attempt };
        const wait = retryAfterMs(header, at) ?? (status === 429 ? untilResetMs(header, at) : undefined) ?? 1000 * 2 ** (attempt - 1);
        if (attempt > options.maxRetries)
          return { kind: 'unreachable', reason: `${retried}, still after ${attempt} attempts`, attempts: attempt };
        if (wait > options.maxWaitMs) {
          return {
            kind: 'unreachable',
            reason: `${retried}: asked to wait ${seconds(wait)}, more than the ${seconds(options.maxWaitMs)} allowed (--max-wait)`,
            attempts: attempt,
          };
        }
        notBefore = Math.max(notBefore, at + wait);
      }
    },
  };
}
