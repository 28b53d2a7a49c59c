// The simulated chain's clock-driven numbers: block height, slot and recent blockhash all follow
// the simulated clock (one block per 400 ms), so transactions expire as simulated time passes.
import { getAddressDecoder } from '@solana/kit';
import { createRandom, hashString } from '../random.js';
import type { Clock } from '../clock.js';

export const MS_PER_BLOCK = 400;
/** Blocks a blockhash stays valid for (about a minute). */
export const BLOCKHASH_VALIDITY_BLOCKS = 150;
const BASE_HEIGHT = 360_000_000;
const SLOT_OFFSET = 20_000_000;

export interface Ledger {
  blockHeight(): number;
  slot(): number;
  /** Recent blockhash (base58) of the current block height. */
  recentBlockhash(): string;
  blockhashAt(height: number): string;
  /** Blockhash bytes of the current block height. */
  recentBlockhashBytes(): Uint8Array;
}

const addressDecoder = getAddressDecoder();

export function createLedger(clock: Clock, seed: number): Ledger {
  const start = clock.now();
  const bytesAt = (height: number): Uint8Array => createRandom(hashString(`blockhash:${height}`, seed)).bytes(32);
  const height = (): number => BASE_HEIGHT + Math.max(0, Math.floor((clock.now() - start) / MS_PER_BLOCK));
  return {
    blockHeight: height,
    slot: () => height() + SLOT_OFFSET,
    recentBlockhash: () => addressDecoder.decode(bytesAt(height())),
    blockhashAt: (h) => addressDecoder.decode(bytesAt(h)),
    recentBlockhashBytes: () => bytesAt(height()),
  };
}
