// Levelled, redacted logging, kept small (it is in every bundle). `logLevel`, else the `X_LOG`
// environment variable where the runtime has one, else `warn`, picks what reaches the logger
// (default `console`): `error` (a hook that threw), `warn` (refused waits, additive drift),
// `info` (one line per request: operation, method, path, status, duration, attempt, request id,
// rate-limit remaining; one per failed call), `debug` (retries, token renewals, each request's headers and bodies).
// The API key and the bearer token (`x-api-key`, `authorization`) and the body fields the spec
// marks `x-sensitive` (signed transactions, the challenge signature, the token) are never written.
import { sensitiveFields, sensitiveResponseFields } from '../gen/sensitive.gen.js';
import type { LogLevel, Logger } from './types.js';

const LEVELS = ['off', 'error', 'warn', 'info', 'debug'];

/**
 * A copy of `value` (JSON) with the credential headers and the values of `names` (default: every
 * `x-sensitive` field) replaced by `[redacted]`.
 */
export const redact = (value: object, names: ReadonlyArray<string> = sensitiveFields): unknown =>
  JSON.parse(JSON.stringify(value, (key, v) => (names.includes(key) || key === 'x-api-key' || key === 'authorization' ? '[redacted]' : v)));

/** What hooks are not shown of an answer (the token of auth verify): `hookSecrets`. */
export { sensitiveResponseFields as hookSecrets };

/**
 * The level as a number (0 off .. 4 debug): `logLevel`, else `X_LOG` from `process.env` (Node,
 * Bun, workers with nodejs_compat) or from Deno's environment when the program may read it
 * (`--allow-env=X_LOG`, asked with `querySync`: Deno never prompts), else 2 (`warn`).
 */
export function levelOf(logLevel: LogLevel | undefined, logger: Logger): number {
  let name: string | false | undefined = logLevel;
  // `process` is read only off Deno: on Deno, touching it loads the Node compatibility layer (~20 ms).
  const g = globalThis as {
    Deno?: { env: { get(name: string): string }; permissions: { querySync(p: object): { state: string } } };
    process?: { env?: Record<string, string | undefined> };
  };
  try {
    name ||= g.Deno
      ? g.Deno.permissions.querySync({ name: 'env', variable: 'X_LOG' }).state === 'granted' && g.Deno.env.get('X_LOG')
      : g.process?.env?.X_LOG;
  } catch {}
  const level = LEVELS.indexOf((name || 'warn').toLowerCase());
  if (level >= 0) return level;
  logger.warn?.(`${logLevel ? 'logLevel' : 'X_LOG'} ${name} unknown (${LEVELS}): logging at warn`);
  return 2;
}

/** Writes `message` at `level` (1 error .. 4 debug) when the client's level lets it through. */
export function write(log: { level_: number; logger: Logger }, level: number, message: string, details?: object): void {
  // Called as a method of the logger (`this` is the logger).
  if (log.level_ >= level)
    (log.logger as Record<string, ((m: string, d?: object) => void) | undefined>)[LEVELS[level]!]?.(message, details);
}
