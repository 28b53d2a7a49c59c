// Authenticate stage: `x-api-key` on every call (any non-empty key unless a key list is set);
// the trigger v2 bearer JWT where the operation's security asks for it.
import { unauthorized } from './errors.js';
import type { JwtSigner } from './jwt.js';
import type { OperationInfo } from './operations.js';
import type { SimRequest } from './types.js';

export interface AuthResult {
  apiKey: string;
  /** The wallet the bearer token authenticates (trigger v2 operations only). */
  wallet?: string;
}

export interface Authenticator {
  /**
   * Synchronous unless the operation needs the bearer token (whose HMAC check is async). `apiKey`:
   * what `apiKey(request)` returned, when the caller already asked.
   */
  authenticate(op: OperationInfo, request: SimRequest, apiKey?: string): AuthResult | Promise<AuthResult>;
  /** The API key of a request, if it carries an acceptable one. */
  apiKey(request: SimRequest): string | undefined;
}

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;

export function createAuthenticator(options: {
  apiKeys?: readonly string[];
  jwt: JwtSigner;
  now: () => number;
  tokenTtlMs: number;
}): Authenticator {
  const allowed = options.apiKeys && options.apiKeys.length > 0 ? new Set(options.apiKeys) : undefined;
  const apiKey = (request: SimRequest): string | undefined => {
    const key = request.header('x-api-key')?.trim();
    if (!key) return undefined;
    if (allowed && !allowed.has(key)) return undefined;
    return key;
  };
  return {
    apiKey,
    // (A request without a key asks again: undefined is the default's cue; it finds none again.)
    authenticate(op, request, key = apiKey(request)) {
      if (op.requiresApiKey && !key) throw unauthorized();
      const result: AuthResult = { apiKey: key ?? '' };
      if (!op.requiresJwt) return result;
      const m = BEARER.exec(request.header('authorization')?.trim() ?? '');
      if (!m) throw unauthorized();
      return options.jwt.verify(m[1] as string, options.now(), Math.ceil(options.tokenTtlMs / 1000)).then((claims) => {
        if (!claims) throw unauthorized();
        result.wallet = claims.sub;
        return result;
      });
    },
  };
}
