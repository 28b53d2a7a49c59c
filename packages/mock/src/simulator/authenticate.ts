// Authenticate stages. The gateway's: `x-api-key` on every call (any non-empty key unless a key
// list is set; a missing or refused key is its 401), and the key's area list (its 403), both in
// the gateway's `{code, message}` body. The area's: the trigger v2 bearer JWT where the
// operation's security asks for it (its 401 is trigger v2's own `{error}`).
import { bearerUnauthorized, invalidApiKey, keyWithoutAccess } from './errors.js';
import type { JwtSigner } from './jwt.js';
import type { KeyAccess } from './key-access.js';
import type { OperationInfo } from './operations.js';
import type { SimRequest } from './types.js';
import { BEARER_JWT } from '../credential-rules.js';

export interface AuthResult {
  apiKey: string;
  /** The wallet the bearer token authenticates (trigger v2 operations only). */
  wallet?: string;
}

export interface Authenticator {
  /**
   * The gateway's check: the request's API key, or a 401 / 403 ApiError in the gateway's body. It
   * runs before routing too (a path no operation serves), so it reads only what any path has.
   */
  gateway(op: Pick<OperationInfo, 'path' | 'requiresApiKey'>, request: SimRequest): string;
  /**
   * The area's check, after the gateway's and the rate limit: synchronous unless the operation
   * needs the bearer token (whose HMAC check is async).
   */
  authenticate(op: OperationInfo, request: SimRequest, apiKey: string): AuthResult | Promise<AuthResult>;
}

export function createAuthenticator(options: {
  apiKeys?: readonly string[];
  access: KeyAccess;
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
    gateway(op, request) {
      const key = apiKey(request);
      if (!key) {
        if (op.requiresApiKey) throw invalidApiKey();
        return '';
      }
      if (!options.access.allows(key, op.path)) throw keyWithoutAccess();
      return key;
    },
    authenticate(op, request, key) {
      const result: AuthResult = { apiKey: key };
      if (!op.requiresJwt) return result;
      const m = BEARER_JWT.exec(request.header('authorization')?.trim() ?? '');
      if (!m) throw bearerUnauthorized();
      return options.jwt.verify(m[1] as string, options.now(), Math.ceil(options.tokenTtlMs / 1000)).then((claims) => {
        if (!claims) throw bearerUnauthorized();
        result.wallet = claims.sub;
        return result;
      });
    },
  };
}
