/**
 * Signers built by this package from a local WebCrypto key. Their signatures come straight from
 * `crypto.subtle.sign` with a key checked against the address at creation, so they are not
 * verified again after signing; every other signer's output is. The package's signing path calls
 * their raw signing function (an `ArrayBuffer`, no wrapping promise), kept here rather than on the
 * signer object so that nothing outside the package can reach it.
 */
import type { Signer } from './types.js';

/** Signs a message, resolving to WebCrypto's own signature buffer. */
export type RawSign = (message: Uint8Array) => Promise<ArrayBuffer>;

const trusted = new WeakMap<Signer, RawSign>();

export function markTrusted<T extends Signer>(signer: T, sign: RawSign): T {
  trusted.set(signer, sign);
  return signer;
}

/** The raw signing function of one of this package's own signers, or `undefined` for any other signer. */
export function trustedSign(signer: Signer): RawSign | undefined {
  return trusted.get(signer);
}

export function isTrusted(signer: Signer): boolean {
  return trusted.has(signer);
}
