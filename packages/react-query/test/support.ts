// The tests' world: the @x/mock simulator in-process (its fetch handler, no port) in paper-trading
// mode on a second simulator that plays the market (so prices move trigger orders), a real
// @x/fetch-client client on it, a fresh WebCrypto wallet, and the example mints from the spec.
import { createClient, type ApiClient } from '@x/fetch-client';
import { createSimulator, type Simulator, world } from '@x/mock';
import { sensitiveOperations } from '../src/gen/operations.gen.js';
import { createTriggerAuthSession, type Signer, signerFromKeyPair, signTransaction } from '@x/signing';

export const MINTS = {
  PLATFORM_TOKEN: world.tokens.PLATFORM_TOKEN.mint,
  STABLECOIN_USD: world.tokens.STABLECOIN_USD.mint,
} as const;

/** Every request body field the spec marks `x-sensitive`. */
const sensitiveFields = new Set(Object.values(sensitiveOperations).flat());

/** Every string in `value` (own properties at any depth, map entries, error messages): where a secret would show. */
export function stringsIn(value: unknown, seen = new Set<unknown>()): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null || seen.has(value)) return [];
  seen.add(value);
  const parts =
    value instanceof Map ? [...value.entries()] : Object.getOwnPropertyNames(value).map((key) => (value as Record<string, unknown>)[key]);
  return parts.flatMap((part) => stringsIn(part, seen));
}

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
  /**
   * The credentials the client sent, as they went on the wire: every body field the spec marks
   * `x-sensitive` (signed transactions, challenge signatures) and every bearer token.
   */
  readonly secrets: string[];
  /** Answers the next request to `method path` with `response` instead of the simulator (once). */
  failNext(route: string, response: Response): void;
}

const newWallet = async (): Promise<Signer> =>
  await signerFromKeyPair((await crypto.subtle.generateKey('Ed25519', false, ['sign', 'verify'])) as CryptoKeyPair);

/** A client of `sim` signed in as `wallet` (trigger v2 through its auth session), recording what it sends. */
function signedInClient(
  sim: Simulator,
  wallet: Signer,
  requests: string[],
  secrets: string[],
  failures = new Map<string, Response>(),
): ApiClient {
  const session = createTriggerAuthSession({ client: () => api, signer: wallet, now: () => sim.control.now() });
  const api: ApiClient = createClient({
    baseUrl: 'http://simulator.test',
    apiKey: 'test-key',
    bearer: session,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const route = `${request.method} ${new URL(request.url).pathname}`;
      requests.push(route);
      const bearer = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
      if (bearer) secrets.push(bearer);
      const text = request.body ? await request.clone().text() : '';
      const body = (text.startsWith('{') ? JSON.parse(text) : {}) as Record<string, unknown>;
      for (const field of sensitiveFields) if (typeof body[field] === 'string') secrets.push(body[field]);
      const failure = failures.get(route);
      failures.delete(route);
      return failure ?? (await sim.fetch(request));
    },
  });
  return api;
}

/** A second wallet on the world's service (same simulator, same base URL and API key): its own client and session. */
export async function otherWallet(world: World): Promise<Pick<World, 'wallet' | 'api' | 'requests' | 'secrets'>> {
  const wallet = await newWallet();
  const requests: string[] = [];
  const secrets: string[] = [];
  return { wallet, api: signedInClient(world.sim, wallet, requests, secrets), requests, secrets };
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
  const wallet = await newWallet();
  const requests: string[] = [];
  const secrets: string[] = [];
  const failures = new Map<string, Response>();
  const api = signedInClient(sim, wallet, requests, secrets, failures);
  const failNext = (route: string, response: Response) => void failures.set(route, response);
  return { sim, market, wallet, api, requests, secrets, failNext };
}

/** `count` trigger v1 orders of the world's wallet (40 PLATFORM_TOKEN for 30 STABLECOIN_USD), created, signed and executed one simulated second apart (the listings show the newest first): their keys. */
export async function openV1Orders(world: World, count = 1): Promise<string[]> {
  const user = world.wallet.address;
  const keys: string[] = [];
  for (let i = 0; i < count; i++) {
    world.sim.control.advanceTime(1_000);
    const { data: created } = await world.api.triggerV1CreateOrder({
      body: {
        maker: user,
        payer: user,
        inputMint: MINTS.PLATFORM_TOKEN,
        outputMint: MINTS.STABLECOIN_USD,
        params: { makingAmount: '40000000', takingAmount: '30000000' },
      },
      throwOnError: true,
    });
    const signedTransaction = await signTransaction(created.transaction, world.wallet);
    await world.api.triggerV1Execute({ body: { requestId: created.requestId, signedTransaction }, throwOnError: true });
    keys.push(created.order);
  }
  return keys;
}
