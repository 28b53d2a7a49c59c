// Test wallets: Ed25519 keys from WebCrypto (through @solana/kit), signing messages and the
// unsigned transactions the service hands out.
import {
  createKeyPairFromPrivateKeyBytes,
  generateKeyPair,
  getAddressFromPublicKey,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  partiallySignTransaction,
  signBytes,
  type Address,
} from '@solana/kit';

export interface TestWallet {
  address: Address;
  keyPair: CryptoKeyPair;
  /** Base58 signature of the UTF-8 bytes of `message`. */
  signMessage(message: string): Promise<string>;
  /** Signs the wallet's slot of a base64 wire transaction; returns base64. */
  signTransaction(base64: string): Promise<string>;
}

async function fromKeyPair(keyPair: CryptoKeyPair): Promise<TestWallet> {
  const address = await getAddressFromPublicKey(keyPair.publicKey);
  return {
    address,
    keyPair,
    async signMessage(message) {
      const signature = await signBytes(keyPair.privateKey, new TextEncoder().encode(message));
      return getBase58Decoder().decode(signature);
    },
    async signTransaction(base64) {
      const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(base64));
      const signed = await partiallySignTransaction([keyPair], transaction);
      return getBase64EncodedWireTransaction(signed);
    },
  };
}

/** A fresh random wallet. */
export async function randomWallet(): Promise<TestWallet> {
  return fromKeyPair(await generateKeyPair());
}

/** A wallet derived from a 32-byte seed (deterministic across runs). */
export async function seededWallet(seed: number): Promise<TestWallet> {
  const bytes = new Uint8Array(32);
  let x = (seed * 2654435761) >>> 0 || 1;
  for (let i = 0; i < 32; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  return fromKeyPair(await createKeyPairFromPrivateKeyBytes(bytes));
}
