// HS256 JSON Web Tokens with `jose` (WebCrypto underneath, so it also runs in browsers). The
// secret is random per simulator unless a deterministic one is asked for explicitly; it is never
// derived from the seed. Every time claim (`iat`, `nbf`, `exp`) is checked against the simulated
// clock, with no tolerance.
import { errors, jwtVerify, SignJWT } from 'jose';
import { utf8Bytes } from './encoding.js';

export interface JwtClaims {
  sub: string;
  iat: number;
  nbf: number;
  exp: number;
  jti: string;
  [key: string]: unknown;
}

export interface JwtSigner {
  sign(claims: JwtClaims): Promise<string>;
  /**
   * The claims of a correctly signed HS256 token that is valid at `nowMs` (simulated): issued in
   * the past, not before its `nbf`, not expired, at most `maxAgeSeconds` old. Undefined otherwise.
   */
  verify(token: string, nowMs: number, maxAgeSeconds: number): Promise<JwtClaims | undefined>;
}

/** Shortest secret accepted: HS256 wants at least 256 bits. */
export const MIN_SECRET_BYTES = 32;

/** The HMAC secret: the given one (a string is taken as UTF-8), else 32 random bytes. */
export function jwtSecret(given?: string | Uint8Array): Uint8Array {
  if (given === undefined) return crypto.getRandomValues(new Uint8Array(MIN_SECRET_BYTES));
  const bytes = typeof given === 'string' ? utf8Bytes(given) : given;
  if (bytes.length < MIN_SECRET_BYTES) throw new RangeError(`jwtSecret must be at least ${MIN_SECRET_BYTES} bytes`);
  return new Uint8Array(bytes);
}

/** Tokens whose signature and claims jose has checked, kept per signer (bounded; oldest out first). */
const VERIFIED_TOKENS = 4_096;

/**
 * The time checks of jose's `jwtVerify` (with no tolerance) for a token it has already verified once:
 * issued in the past and at most `maxAgeSeconds` ago, not before its `nbf`, not expired.
 */
function timeValid(claims: JwtClaims, nowMs: number, maxAgeSeconds: number): boolean {
  const now = Math.floor(nowMs / 1000);
  const age = now - claims.iat;
  return claims.nbf <= now && claims.exp > now && age >= 0 && age <= maxAgeSeconds;
}

/**
 * `secret` may be a function: it is then called on the first token signed or checked (a random
 * secret costs a call into the system's random source, which most simulators never need).
 */
export function createJwtSigner(secret: Uint8Array | (() => Uint8Array)): JwtSigner {
  let given: Uint8Array | undefined = typeof secret === 'function' ? undefined : new Uint8Array(secret);
  const key = (): Uint8Array => (given ??= new Uint8Array((secret as () => Uint8Array)()));
  // The secret as a WebCrypto HMAC key, imported once: given the bytes, jose imports them again for
  // every token it signs or checks.
  let imported: Promise<CryptoKey> | undefined;
  const hmac = { name: 'HMAC', hash: 'SHA-256' };
  const cryptoKey = (): Promise<CryptoKey> =>
    (imported ??= crypto.subtle.importKey('raw', key() as Uint8Array<ArrayBuffer>, hmac, false, ['sign', 'verify']));
  // A client sends the same token with every call: its HMAC is checked once (by jose), later uses
  // only re-check the time claims. Same secret, same token text: same outcome of the HMAC check.
  const verified = new Map<string, JwtClaims>();
  return {
    sign: async (claims) => new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(await cryptoKey()),
    async verify(token, nowMs, maxAgeSeconds) {
      const known = verified.get(token);
      if (known !== undefined) return timeValid(known, nowMs, maxAgeSeconds) ? { ...known } : undefined;
      try {
        const { payload } = await jwtVerify(token, await cryptoKey(), {
          algorithms: ['HS256'],
          typ: 'JWT',
          currentDate: new Date(nowMs),
          clockTolerance: 0,
          maxTokenAge: maxAgeSeconds,
          requiredClaims: ['sub', 'iat', 'nbf', 'exp'],
        });
        if (typeof payload.sub !== 'string') return undefined;
        const claims = payload as JwtClaims;
        if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value as string);
        verified.set(token, { ...claims });
        return claims;
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
        throw error;
      }
    },
  };
}
