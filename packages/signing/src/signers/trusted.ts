/**
 * Signers built by this package from a local WebCrypto key. Their signatures come straight from
 * `crypto.subtle.sign` with a key checked against the address at creation, so they are not
 * verified again after signing; every other signer's output is.
 */
import type { Signer } from './types.js';

const trusted = new WeakSet<Signer>();

export function markTrusted<T extends Signer>(signer: T): T {
  trusted.add(signer);
  return signer;
}

export function isTrusted(signer: Signer): boolean {
  return trusted.has(signer);
}
