// A new Ed25519 key as the chain's wallets keep it: the 64-byte secret key (seed, then public key)
// and its address. Used by the benches.
import { type Address, getAddressDecoder } from '@solana/kit';

export async function newSecretKey(): Promise<{ secretKey: Uint8Array; address: Address }> {
  const pair = (await crypto.subtle.generateKey('Ed25519', true, ['sign', 'verify'])) as CryptoKeyPair;
  const pkcs8 = new Uint8Array(await crypto.subtle.exportKey('pkcs8', pair.privateKey));
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const secretKey = new Uint8Array(64);
  secretKey.set(pkcs8.subarray(16, 48));
  secretKey.set(publicKey, 32);
  return { secretKey, address: getAddressDecoder().decode(publicKey) };
}
