// HS256 JSON Web Tokens with WebCrypto HMAC (no node: imports). The simulator signs trigger v2
// tokens with a secret derived from its seed; expiry is checked against the simulated clock.
import { fromBase64Url, toBase64Url, utf8Bytes, utf8Text } from './encoding.js';

export interface JwtClaims {
  sub: string;
  iat: number;
  exp: number;
  jti: string;
  [key: string]: unknown;
}

export interface JwtSigner {
  sign(claims: JwtClaims): Promise<string>;
  /** The claims of a well-formed, correctly signed token; undefined otherwise (expiry not checked). */
  verify(token: string): Promise<JwtClaims | undefined>;
}

const HEADER = toBase64Url(utf8Bytes(JSON.stringify({ alg: 'HS256', typ: 'JWT' })));

export function createJwtSigner(secret: Uint8Array): JwtSigner {
  let keyPromise: Promise<CryptoKey> | undefined;
  const key = (): Promise<CryptoKey> =>
    (keyPromise ??= crypto.subtle.importKey('raw', secret as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']));
  return {
    async sign(claims) {
      const payload = toBase64Url(utf8Bytes(JSON.stringify(claims)));
      const input = `${HEADER}.${payload}`;
      const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await key(), utf8Bytes(input) as BufferSource));
      return `${input}.${toBase64Url(mac)}`;
    },
    async verify(token) {
      const parts = token.split('.');
      if (parts.length !== 3) return undefined;
      const [header, payload, signature] = parts as [string, string, string];
      if (header !== HEADER) return undefined;
      const mac = fromBase64Url(signature);
      const body = fromBase64Url(payload);
      if (!mac || !body || mac.length !== 32) return undefined;
      const ok = await crypto.subtle.verify('HMAC', await key(), mac as BufferSource, utf8Bytes(`${header}.${payload}`) as BufferSource);
      if (!ok) return undefined;
      try {
        const claims = JSON.parse(utf8Text(body)) as JwtClaims;
        if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number') return undefined;
        return claims;
      } catch {
        return undefined;
      }
    },
  };
}
