/**
 * A fake `@x/fetch-client` client for the flows' unit tests: each operation answers from a list of
 * handlers (one per call, the last one repeats); a handler returns the data or throws the error.
 * Answers use the client's `throwOnError: false` shape (`{ data }` / `{ error }`).
 */
import { signerFromKeyPair, type Signer } from '../src/index.js';

export type FakeHandler = (options: Record<string, unknown>) => unknown;

export interface FakeCall {
  readonly op: string;
  readonly options: Record<string, unknown>;
}

export interface FakeClient {
  readonly client: any;
  readonly calls: FakeCall[];
  count(op: string): number;
}

export function fakeClient(handlers: Record<string, FakeHandler | readonly FakeHandler[]>): FakeClient {
  const calls: FakeCall[] = [];
  const seen = new Map<string, number>();
  const client = new Proxy(
    {},
    {
      get(_target, op) {
        if (typeof op !== 'string') return undefined;
        return async (options: Record<string, unknown> = {}) => {
          calls.push({ op, options });
          const entry = handlers[op];
          if (entry === undefined) throw new Error(`fake client: unexpected call ${op}`);
          const list = Array.isArray(entry) ? entry : [entry];
          const index = seen.get(op) ?? 0;
          seen.set(op, index + 1);
          const handler = list[Math.min(index, list.length - 1)] as FakeHandler;
          try {
            return { data: await handler(options) };
          } catch (error) {
            return { error };
          }
        };
      },
    },
  );
  return { client, calls, count: (op) => calls.filter((c) => c.op === op).length };
}

const NAMES: Record<number, string> = {
  400: 'BadRequestError',
  401: 'AuthenticationError',
  403: 'PermissionDeniedError',
  404: 'NotFoundError',
  409: 'ConflictError',
  429: 'RateLimitError',
};

/** An error shaped like the client's `ApiError` subclasses. */
export function apiError(status: number, body: unknown, extra: Record<string, unknown> = {}): Error {
  const error = new Error(`${status} fake`) as Error & Record<string, unknown>;
  error.name = NAMES[status] ?? (status >= 500 ? 'InternalServerError' : 'ApiError');
  Object.assign(error, { status, body, operation: 'FAKE /fake', ...extra });
  return error;
}

/** An error shaped like the client's `ConnectionError` / `TimeoutError` (no answer). */
export function transportError(name: 'ConnectionError' | 'TimeoutError' = 'ConnectionError'): Error {
  const error = new Error(`${name} fake`);
  error.name = name;
  return error;
}

export async function newSigner(): Promise<Signer> {
  return await signerFromKeyPair((await crypto.subtle.generateKey('Ed25519', false, ['sign', 'verify'])) as CryptoKeyPair);
}

/** Records waits and moves a fake clock. */
export function fakeTime(start = Date.UTC(2026, 0, 1)) {
  let now = start;
  const waits: number[] = [];
  return {
    waits,
    now: () => now,
    sleep: async (ms: number) => {
      waits.push(ms);
      now += ms;
    },
    advance(ms: number) {
      now += ms;
    },
  };
}
