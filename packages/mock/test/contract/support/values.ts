// Example values of the spec (x-example-values), through @x/mock's `world`: never copied here.
import { world } from '../../../src/index.js';

export const MINTS = {
  PLATFORM_TOKEN: world.tokens.PLATFORM_TOKEN.mint,
  STABLECOIN_USD: world.tokens.STABLECOIN_USD.mint,
  PLATFORM_STABLE: world.tokens.PLATFORM_STABLE.mint,
  NATIVE_COIN: world.tokens.NATIVE_COIN.mint,
  OTHER: world.tokens.EXAMPLE_TOKEN.mint,
} as const;

export const ADDRESSES = {
  receiver: world.wallets.receiver,
  tipReceiver: world.tipReceiver,
  lendVault: world.addresses.lendVault,
} as const;

export const SYSTEM_PROGRAM = world.addresses.systemProgram;
