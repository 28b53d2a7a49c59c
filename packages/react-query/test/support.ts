// The tests' world: the @x/mock simulator in-process (its fetch handler, no port), a real
// @x/fetch-client client on it, a fresh WebCrypto wallet, and the example mints from the spec.
import { createClient, type ApiClient } from '@x/fetch-client';
import { createSimulator, type Simulator, world } from '@x/mock';
import { createTriggerAuthSession, type Signer, signerFromKeyPair } from '@x/signing';

export const MINTS = {
  PLATFORM_TOKEN: world.tokens.PLATFORM_TOKEN.mint,
  STABLECOIN_USD: world.tokens.STABLECOIN_USD.mint,
} as const;

export interface World {
  readonly sim: Simulator;
  readonly wallet: Signer;
  /** A client for the wallet; trigger v2 calls sign in through the auth session. */
  readonly api: ApiClient;
  /** Method and path of every request the client sent. */
  readonly requests: string[];
}

export async function newWorld(): Promise<World> {
  // Manual clock from the real time: the session reads the tokens' expiry against its `now`.
  const sim = createSimulator({ now: Date.now() });
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
  return { sim, wallet, api, requests };
}
