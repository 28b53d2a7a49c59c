// The tests' world: the @x/mock simulator in-process (its fetch handler, no port) in paper-trading
// mode on a second simulator that plays the market (so prices move trigger orders), a real
// @x/fetch-client client on it, a fresh WebCrypto wallet, and the example mints from the spec.
import { createClient, type ApiClient } from '@x/fetch-client';
import { createSimulator, type Simulator, world } from '@x/mock';
import { createTriggerAuthSession, type Signer, signerFromKeyPair } from '@x/signing';

export const MINTS = {
  PLATFORM_TOKEN: world.tokens.PLATFORM_TOKEN.mint,
  STABLECOIN_USD: world.tokens.STABLECOIN_USD.mint,
} as const;

export interface World {
  /** The simulator the client calls: money local, market data from `market` (paper trading). */
  readonly sim: Simulator;
  /** A second simulator playing the live market: move its prices, then `sim.control.pollMarket()`. */
  readonly market: Simulator;
  readonly wallet: Signer;
  /** A client for the wallet; trigger v2 calls sign in through the auth session. */
  readonly api: ApiClient;
  /** Method and path of every request the client sent. */
  readonly requests: string[];
}

export async function newWorld(): Promise<World> {
  // Manual clock from the real time: the session reads the tokens' expiry against its `now`.
  const market = createSimulator({ seed: 2, now: Date.now() });
  const sim = createSimulator({
    now: Date.now(),
    upstream: {
      baseUrl: 'http://market.test',
      apiKey: 'market-key',
      fetch: async (input, init) => await market.fetch(new Request(input, init)),
      intervalMs: 0,
      watchIntervalMs: 0, // the tests poll the market themselves
    },
  });
  const wallet = await signerFromKeyPair((await crypto.subtle.generateKey('Ed25519', false, ['sign', 'verify'])) as CryptoKeyPair);
  const requests: string[] = [];
  const session = createTriggerAuthSession({ client: () => api, signer: wallet, now: () => sim.control.now() });
  const api: ApiClient = createClient({
    baseUrl: 'http://simulator.test',
    apiKey: 'test-key',
    bearer: session,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      requests.push(`${request.method} ${new URL(request.url).pathname}`);
      return await sim.fetch(request);
    },
  });
  return { sim, market, wallet, api, requests };
}
