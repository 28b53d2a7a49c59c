/**
 * The trigger v2 auth session: a `BearerTokenProvider` for `@x/fetch-client`.
 *
 * Gets a token by challenge → sign → verify, caches it for its lifetime (the JWT's `exp`, else
 * 24 hours), renews it in the background shortly before expiry, renews it on demand
 * (`getToken({ refresh: true })`, which the client calls once on a 401), and runs at most one
 * sign-in at a time however many requests wait for it.
 */
import type {
  BearerTokenProvider,
  TriggerV2ChallengeRequest,
  TriggerV2ChallengeResponse,
  TriggerV2VerifyRequest,
  TriggerV2VerifyResponse,
} from '@x/types';
import { answerTriggerChallenge, type ChallengeTransactionOptions } from '../challenge.js';
import { AuthError } from '../errors.js';
import { toSigner, type SignerInput } from '../signers/to-signer.js';
import { jwtExpiryMs } from './token-expiry.js';

/** What the session needs of the client: the two auth operations (an `@x/fetch-client` client fits). */
export interface TriggerAuthClient {
  triggerV2CreateChallenge(options: { body: TriggerV2ChallengeRequest }): Promise<{ data: TriggerV2ChallengeResponse }>;
  triggerV2VerifyChallenge(options: { body: TriggerV2VerifyRequest }): Promise<{ data: TriggerV2VerifyResponse }>;
}

export type { BearerTokenProvider };

export interface TriggerAuthSessionOptions {
  /**
   * The client that runs the challenge and verify calls, or a function returning it (so the session
   * can be passed as `bearer` to the very client it uses: those two calls need no bearer).
   */
  readonly client: TriggerAuthClient | (() => TriggerAuthClient);
  readonly signer: SignerInput;
  /** Default: `message` when the signer can sign messages, otherwise `transaction`. */
  readonly challengeType?: 'message' | 'transaction';
  /** Options for transaction challenges (allowed programs). */
  readonly challengeTransaction?: ChallengeTransactionOptions;
  /** Start renewing this long before expiry. Default 5 minutes. */
  readonly renewBeforeMs?: number;
  /** Lifetime assumed when the token has no readable `exp`. Default 24 hours. */
  readonly tokenLifetimeMs?: number;
  /**
   * A refresh asked for within this time after a token was obtained returns that token instead of
   * signing in again (for 401s of requests sent with the previous token that arrive after a renewal
   * finished). Refreshes asked for while a sign-in runs always join it. Default 0 (off).
   */
  readonly minRefreshIntervalMs?: number;
  /** Clock, for tests. Default `Date.now`. */
  readonly now?: () => number;
}

export interface TriggerAuthSession extends BearerTokenProvider {
  /** The wallet the tokens authenticate. */
  readonly walletPubkey: string;
  /** Forgets the cached token; the next `getToken` signs in again. */
  clear(): void;
}

interface CachedToken {
  readonly token: string;
  readonly obtainedAt: number;
  readonly expiresAt: number;
}

const MINUTE = 60_000;

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** Lets one caller stop waiting without cancelling the shared sign-in. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

export function createTriggerAuthSession(options: TriggerAuthSessionOptions): TriggerAuthSession {
  const signer = toSigner(options.signer);
  const now = options.now ?? Date.now;
  const renewBeforeMs = options.renewBeforeMs ?? 5 * MINUTE;
  const lifetimeMs = options.tokenLifetimeMs ?? 24 * 60 * MINUTE;
  const minRefreshIntervalMs = options.minRefreshIntervalMs ?? 0;
  const challengeType = options.challengeType ?? (signer.signMessageBytes ? 'message' : 'transaction');
  const clientOf = typeof options.client === 'function' ? options.client : () => options.client as TriggerAuthClient;

  let cached: CachedToken | undefined;
  let inFlight: Promise<CachedToken> | undefined;
  let generation = 0;

  async function signIn(): Promise<CachedToken> {
    const client = clientOf();
    let challenge: TriggerV2ChallengeResponse;
    try {
      ({ data: challenge } = await client.triggerV2CreateChallenge({ body: { walletPubkey: signer.address, type: challengeType } }));
    } catch (cause) {
      throw new AuthError('The challenge request failed.', { step: 'challenge', wallet: signer.address }, { cause });
    }
    if (challenge?.type !== challengeType) {
      throw new AuthError('The challenge is not of the requested type.', { step: 'challenge', requested: challengeType });
    }
    const body = await answerTriggerChallenge(challenge, signer, options.challengeTransaction);
    let token: unknown;
    try {
      ({
        data: { token },
      } = await client.triggerV2VerifyChallenge({ body }));
    } catch (cause) {
      throw new AuthError('The signed challenge was not accepted.', { step: 'verify', wallet: signer.address }, { cause });
    }
    if (typeof token !== 'string' || token.length === 0) {
      throw new AuthError('The verify answer holds no token.', { step: 'verify' });
    }
    const obtainedAt = now();
    return { token, obtainedAt, expiresAt: jwtExpiryMs(token) ?? obtainedAt + lifetimeMs };
  }

  function renew(): Promise<CachedToken> {
    if (inFlight) return inFlight;
    const started = generation;
    const flight = signIn().then((fresh) => {
      if (started === generation) cached = fresh;
      return fresh;
    });
    inFlight = flight;
    const done = () => {
      if (inFlight === flight) inFlight = undefined;
    };
    flight.then(done, done);
    return flight;
  }

  async function getToken(request: { refresh?: boolean; signal?: AbortSignal } = {}): Promise<string> {
    request.signal?.throwIfAborted();
    const at = now();
    const current = cached;
    if (current && at < current.expiresAt) {
      const recent = at - current.obtainedAt < minRefreshIntervalMs;
      if (!request.refresh || recent) {
        if (at >= current.expiresAt - renewBeforeMs && !inFlight) {
          renew().catch(() => undefined); // background renewal; a failure surfaces on the next blocking call
        }
        return current.token;
      }
    }
    const fresh = await untilAborted(renew(), request.signal);
    return fresh.token;
  }

  return Object.freeze({
    walletPubkey: signer.address,
    getToken,
    clear() {
      generation++;
      cached = undefined;
      inFlight = undefined;
    },
  });
}
