// Trigger v2 challenge-response authentication: a challenge with a nonce that lives 5 minutes;
// verify checks a real Ed25519 signature (of the UTF-8 challenge text, or of the memo
// transaction) and issues an HS256 JWT that lives 24 hours of simulated time.
//
// Asking for a challenge needs no proof of key, so a new challenge never replaces a pending one:
// each wallet may have several pending (at most MAX_PENDING_CHALLENGES per type, the oldest going
// first), and verify accepts the one the signature is for. Each is used once, until it expires.
import type { TriggerV2VerifyRequest } from '@x/types';
import { memo } from '../chain/instructions.js';
import { BLOCKHASH_VALIDITY_BLOCKS } from '../chain/ledger.js';
import { buildTransaction, checkSigner, decodeTransaction, verifyEd25519 } from '../chain/transactions.js';
import { iso, type SimContext } from '../context.js';
import type { Handler } from '../handler.js';
import { bytesEqual, fromBase58, utf8Bytes } from '../encoding.js';
import { ApiError } from '../errors.js';
import type { Challenge } from './store.js';

/** The first line of every sign-in challenge (the chain refuses to land one: tx/land.ts). */
export const CHALLENGE_PREFIX = 'Sign in to the trigger service.';

/** Pending challenges kept per wallet and type. */
export const MAX_PENDING_CHALLENGES = 16;

const hex = (bytes: Uint8Array): string => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

/** Adds a pending challenge, dropping expired ones and, past the cap, the oldest. */
function addChallenge(sim: SimContext, challenge: Challenge): void {
  const key = `${challenge.wallet}:${challenge.type}`;
  const now = sim.clock.now();
  const pending = (sim.triggerV2.challenges.get(key) ?? []).filter((c) => c.expiresAt >= now);
  pending.push(challenge);
  sim.triggerV2.challenges.set(key, pending.slice(-MAX_PENDING_CHALLENGES));
}

/** Takes `challenge` out of the pending list; false when another request took it first. */
function take(sim: SimContext, challenge: Challenge): boolean {
  const key = `${challenge.wallet}:${challenge.type}`;
  const pending = sim.triggerV2.challenges.get(key) ?? [];
  const index = pending.indexOf(challenge);
  if (index < 0) return false;
  pending.splice(index, 1);
  if (pending.length === 0) sim.triggerV2.challenges.delete(key);
  return true;
}

export const triggerV2CreateChallenge: Handler<'triggerV2CreateChallenge'> = (ctx) => {
  const { sim } = ctx;
  const { walletPubkey, type } = ctx.input.body;
  const now = sim.clock.now();
  const text = `${CHALLENGE_PREFIX}\nWallet: ${walletPubkey}\nNonce: ${hex(sim.random.bytes(16))}\nIssued at: ${iso(now)}`;
  const expiresAt = now + sim.settings.challengeTtlMs;
  if (type === 'message') {
    addChallenge(sim, { wallet: walletPubkey, type, text, expiresAt });
    return { body: { type, challenge: text } };
  }
  const built = buildTransaction({
    feePayer: walletPubkey,
    instructions: [memo(text, walletPubkey)],
    blockhash: sim.ledger.recentBlockhash(),
    lastValidBlockHeight: sim.ledger.blockHeight() + BLOCKHASH_VALIDITY_BLOCKS,
  });
  addChallenge(sim, { wallet: walletPubkey, type, text, messageBytes: built.messageBytes, expiresAt });
  return { body: { type, transaction: built.base64 } };
};

/** The pending challenge the body signs, or why there is none. */
async function signedChallenge(pending: readonly Challenge[], body: TriggerV2VerifyRequest): Promise<Challenge | undefined> {
  if (body.type === 'message') {
    const signature = fromBase58(body.signature!);
    if (signature === undefined || signature.length !== 64) return undefined;
    for (const challenge of pending) {
      if (await verifyEd25519(body.walletPubkey, signature, utf8Bytes(challenge.text))) return challenge;
    }
    return undefined;
  }
  const tx = decodeTransaction(body.signedTransaction!);
  if (!tx) throw new ApiError(400, 'signedTransaction is not a valid transaction');
  const challenge = pending.find((c) => bytesEqual(tx.messageBytes, c.messageBytes!));
  if (!challenge) return undefined;
  return (await checkSigner(tx, body.walletPubkey)) === 'valid' ? challenge : undefined;
}

export const triggerV2VerifyChallenge: Handler<'triggerV2VerifyChallenge'> = async (ctx) => {
  const { sim } = ctx;
  const body = ctx.input.body;
  if (body.type === 'message' && body.signature === undefined) throw new ApiError(400, 'signature is required for type message');
  if (body.type === 'transaction' && body.signedTransaction === undefined)
    throw new ApiError(400, 'signedTransaction is required for type transaction');
  const pending = [...(sim.triggerV2.challenges.get(`${body.walletPubkey}:${body.type}`) ?? [])];
  if (pending.length === 0) throw new ApiError(400, 'Challenge not found');
  const challenge = await signedChallenge(pending, body);
  if (!challenge) {
    if (pending.every((c) => sim.clock.now() > c.expiresAt)) throw new ApiError(400, 'Challenge expired');
    throw new ApiError(401, 'Invalid signature');
  }
  if (sim.clock.now() > challenge.expiresAt) {
    take(sim, challenge);
    throw new ApiError(400, 'Challenge expired');
  }
  // Taken after the awaits, synchronously: of two concurrent verifies, only one gets it.
  if (!take(sim, challenge)) throw new ApiError(400, 'Challenge not found');
  const iat = Math.floor(sim.clock.now() / 1000);
  const token = await sim.jwt.sign({
    sub: body.walletPubkey,
    iat,
    nbf: iat,
    exp: iat + Math.floor(sim.settings.tokenTtlMs / 1000),
    jti: sim.random.uuid(sim.clock.now()),
  });
  return { body: { token } };
};
