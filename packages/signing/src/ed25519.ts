/** Ed25519 over WebCrypto, through the @solana/kit key helpers. */
import { signBytes, verifySignature, type SignatureBytes } from '@solana/kit';

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
  try {
    return await verifySignature(key, signature as SignatureBytes, message);
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
  const signature = await signBytes(privateKey, probe);
  return await verifySignature(publicKey, signature, probe);
}
