// A drifted answer that carries a secret (the verify `token`, marked x-sensitive in the spec):
// the ResponseValidationError, its log line and the onError hooks never show the secret.
import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../test/fake-fetch.js';
import { createClient } from './index.js';
import { ResponseValidationError } from './lib/errors.js';
import { responseValidator } from './validate.js';

const TOKEN = 'opaque-SECRET-token=='; // not a JWT: the spec's pattern rejects it (breaking drift)

describe('responseValidator and secrets', () => {
  it('a token that fails its pattern is not in the error, the log or the hooks', async () => {
    const lines: string[] = [];
    const log = (...args: unknown[]) =>
      lines.push(JSON.stringify(args, (_k, v) => (v instanceof Error ? { ...v, message: v.message } : v)));
    const seen: string[] = [];
    const x = createClient({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'k',
      fetch: fakeFetch(() => json({ token: TOKEN })).fetch,
      responseValidator,
      logLevel: 'debug',
      logger: { error: log, warn: log, info: log, debug: log },
      hooks: { onError: (event) => void seen.push(JSON.stringify({ ...event.error, message: event.error.message })) },
    });
    const error = await x
      .triggerV2VerifyChallenge({ body: { type: 'message', walletPubkey: 'w', signature: 's' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    const shown = [(error as Error).message, JSON.stringify((error as ResponseValidationError).issues), ...seen].join('\n');
    expect(shown).toContain('token');
    expect(shown).not.toContain('SECRET');
    expect(JSON.stringify((error as ResponseValidationError).data)).not.toContain('SECRET');
    expect(lines.join('\n')).not.toContain('SECRET');
  });
});
