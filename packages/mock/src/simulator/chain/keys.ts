// Public keys as the simulator receives them: base58 text of 32 bytes.
import { fromBase58 } from '../encoding.js';

/** The 32 bytes of a base58 public key (32 to 44 characters); undefined when it is not one. */
export function publicKeyBytes(key: string): Uint8Array | undefined {
  if (key.length < 32 || key.length > 44) return undefined;
  const bytes = fromBase58(key);
  return bytes?.length === 32 ? bytes : undefined;
}
