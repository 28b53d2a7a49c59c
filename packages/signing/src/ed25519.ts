/**
 * Ed25519 through WebCrypto directly. kit's `signBytes` / `verifySignature` are not used: their
 * browser build refuses every call where `isSecureContext` is not defined (edge workers), and the
 * module that holds them (`@solana/keys`) resolves to a Node build under the `workerd` condition.
 */

/** Object form on purpose: some browsers refuse the bare string for Ed25519. */
export const ED25519_ALGORITHM_IDENTIFIER: Readonly<{ name: 'Ed25519' }> = Object.freeze({ name: 'Ed25519' });

export async function importPublicKey(publicKey: Uint8Array): Promise<CryptoKey | undefined> {
  try {
    return await crypto.subtle.importKey('raw', publicKey.slice(), ED25519_ALGORITHM_IDENTIFIER, true, ['verify']);
  } catch {
    return undefined; // not a valid Ed25519 public key (for example an off-curve program address)
  }
}

/** Verifies `signature` by the raw 32-byte `publicKey` over `message`. False for any invalid input. */
export async function verifyEd25519(publicKey: Uint8Array, signature: Uint8Array, message: Uint8Array): Promise<boolean> {
  if (signature.length !== 64) return false;
  const key = await importPublicKey(publicKey);
  if (key === undefined) return false;
  return await verifyWithKey(key, signature, message);
}

/** Verifies with an imported Ed25519 public key. False for any invalid input. */
async function verifyWithKey(publicKey: CryptoKey, signature: Uint8Array, message: Uint8Array): Promise<boolean> {
  try {
    return await crypto.subtle.verify(
      ED25519_ALGORITHM_IDENTIFIER,
      publicKey,
      signature as Uint8Array<ArrayBuffer>,
      message as Uint8Array<ArrayBuffer>,
    );
  } catch {
    return false;
  }
}

/** Signs `message` (any view: WebCrypto copies what it reads) with an Ed25519 private key; WebCrypto's buffer. */
export function signEd25519Raw(privateKey: CryptoKey, message: Uint8Array): Promise<ArrayBuffer> {
  return crypto.subtle.sign(ED25519_ALGORITHM_IDENTIFIER, privateKey, message as Uint8Array<ArrayBuffer>);
}

/** Signs `message` with an Ed25519 private key. */
export async function signEd25519(privateKey: CryptoKey, message: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await signEd25519Raw(privateKey, message));
}

/** Signs fresh random bytes with `privateKey` and checks the result with `publicKey`. */
export async function keysMatch(privateKey: CryptoKey, publicKey: CryptoKey): Promise<boolean> {
  const probe = crypto.getRandomValues(new Uint8Array(32));
  const signature = await signEd25519(privateKey, probe);
  return await verifyWithKey(publicKey, signature, probe);
}

/** The raw 32 bytes of an exportable Ed25519 public key; `undefined` when it is not one. */
export async function exportPublicKey(publicKey: CryptoKey): Promise<Uint8Array | undefined> {
  try {
    if (publicKey.type !== 'public' || publicKey.algorithm.name !== 'Ed25519') return undefined;
    const raw = new Uint8Array(await crypto.subtle.exportKey('raw', publicKey));
    return raw.length === 32 ? raw : undefined;
  } catch {
    return undefined;
  }
}
