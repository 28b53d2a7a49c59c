import { describe, expect, it } from 'vitest';
import { createSimulator, world } from '../index.js';
import { bundledSpec } from './spec.js';

const exampleValues = bundledSpec['x-example-values'] as {
  tokens: Array<{ symbol: string; mint: string; decimals: number }>;
  addresses: Record<string, string>;
};

describe('world', () => {
  it('is the spec x-example-values: every token and every address', () => {
    expect(Object.values(world.tokens).map(({ symbol, mint, decimals }) => ({ symbol, mint, decimals }))).toEqual(exampleValues.tokens);
    expect(world.addresses).toEqual(exampleValues.addresses);
    expect(world.tipReceiver).toBe(exampleValues.addresses.tipReceiver);
    expect(world.wallets.taker).toBe(exampleValues.addresses.taker);
    expect(world.feeAccounts.referralAccount).toBe(exampleValues.addresses.referralAccount);
  });

  it('funds every wallet, the example ones and any other, with each token at its starting balance', () => {
    const sim = createSimulator();
    for (const wallet of [world.wallets.taker, world.wallets.receiver, '11111111111111111111111111111112']) {
      for (const token of Object.values(world.tokens)) {
        expect(sim.control.getBalance(wallet, token.mint)).toBe(BigInt(token.startingBalance) * 10n ** BigInt(token.decimals));
      }
    }
  });

  it('quotes at its starting prices', async () => {
    const sim = createSimulator();
    const { PLATFORM_TOKEN, STABLECOIN_USD } = world.tokens;
    const amount = 10n ** BigInt(PLATFORM_TOKEN.decimals) * 1000n;
    const res = await sim.fetch(
      new Request(`http://localhost/swap/v2/order?inputMint=${PLATFORM_TOKEN.mint}&outputMint=${STABLECOIN_USD.mint}&amount=${amount}`, {
        headers: { 'x-api-key': 'k' },
      }),
    );
    const body = (await res.json()) as { inUsdValue: number };
    expect(body.inUsdValue).toBeCloseTo(1000 * PLATFORM_TOKEN.usdPrice, 6);
  });

  it('cannot be changed by a user', () => {
    expect(Object.isFrozen(world)).toBe(true);
    expect(Object.isFrozen(world.tokens.NATIVE_COIN)).toBe(true);
  });
});
