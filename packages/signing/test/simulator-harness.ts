/**
 * End-to-end harness: the @x/mock simulator served over HTTP on 127.0.0.1 (a free port), a real
 * @x/fetch-client client (with the trigger v2 auth session as bearer), and a fresh wallet.
 *
 * Simulated time: the simulator's clock is manual; the flows' `sleep` advances it and their `now`
 * reads it, so retries, expiries and the two-minute window run without waiting.
 */
import { createClient, type ApiClient } from '@x/fetch-client';
import { createSimulator, world, type Simulator } from '@x/mock';
import { listen, type RunningServer } from '@x/mock/node';
import { createTriggerAuthSession, signerFromKeyPair, type Signer } from '../src/index.js';
import type { PriceOrderParams, Sleep } from '../src/flows/index.js';

/** The simulator's mints, read from the spec's example values through `world` of @x/mock. */
export const MINTS = {
  PLATFORM_TOKEN: world.tokens.PLATFORM_TOKEN.mint,
  STABLECOIN_USD: world.tokens.STABLECOIN_USD.mint,
  NATIVE_COIN: world.tokens.NATIVE_COIN.mint,
  EXAMPLE_TOKEN: world.tokens.EXAMPLE_TOKEN.mint,
} as const;

/** Sell 40 PLATFORM_TOKEN (20 USD) for STABLECOIN_USD when PLATFORM_TOKEN goes above 0.6 USD, valid for a day from `now`. */
export function singlePriceOrder(now: number): PriceOrderParams {
  return {
    orderType: 'single',
    inputMint: MINTS.PLATFORM_TOKEN,
    inputAmount: '40000000',
    outputMint: MINTS.STABLECOIN_USD,
    triggerMint: MINTS.PLATFORM_TOKEN,
    triggerCondition: 'above',
    triggerPriceUsd: 0.6,
    slippageBps: 50,
    expiresAt: now + 86_400_000,
  };
}

/** Decides, per request, whether its answer is dropped after the server handled it. */
export type LoseResponse = (request: { method: string; path: string }) => boolean;

export interface Harness {
  readonly sim: Simulator;
  readonly server: RunningServer;
  readonly wallet: Signer;
  /** A client for the wallet (trigger v2 calls signed in through the auth session). */
  readonly api: ApiClient;
  /** Advances simulated time instead of waiting; records every wait. */
  readonly sleep: Sleep;
  readonly waits: number[];
  readonly now: () => number;
  /** Requests seen by the client's fetch (method and path). */
  readonly requests: { method: string; path: string }[];
  /** Set to drop answers (the request still reaches the server). */
  loseResponse: LoseResponse | undefined;
  close(): Promise<void>;
}

export async function newWallet(): Promise<Signer> {
  return await signerFromKeyPair((await crypto.subtle.generateKey('Ed25519', false, ['sign', 'verify'])) as CryptoKeyPair);
}

export async function startHarness(sim: Simulator = createSimulator()): Promise<Harness> {
  const server = await listen(sim, { host: '127.0.0.1', port: 0 });
  const wallet = await newWallet();
  const waits: number[] = [];
  const requests: { method: string; path: string }[] = [];
  const harness: Harness = {
    sim,
    server,
    wallet,
    api: undefined as unknown as ApiClient,
    sleep: async (ms) => {
      waits.push(ms);
      sim.control.advanceTime(ms);
    },
    waits,
    now: () => sim.control.now(),
    requests,
    loseResponse: undefined,
    close: () => server.close(),
  };
  const fetchThrough: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const seen = { method: request.method, path: new URL(request.url).pathname };
    requests.push(seen);
    const response = await fetch(request);
    if (harness.loseResponse?.(seen)) {
      await response.arrayBuffer();
      throw new TypeError('fetch failed: the connection was reset (answer dropped by the test)');
    }
    return response;
  };
  const session = createTriggerAuthSession({ client: () => harness.api, signer: wallet, now: harness.now });
  (harness as { api: ApiClient }).api = createClient({
    baseUrl: server.url,
    apiKey: 'test-key',
    bearer: session,
    fetch: fetchThrough,
    retryBaseDelayMs: 1,
  });
  return harness;
}
