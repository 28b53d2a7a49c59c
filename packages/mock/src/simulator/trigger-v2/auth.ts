// Trigger v2 challenge-response authentication: a challenge with a nonce that lives 5 minutes;
// verify checks a real Ed25519 signature (of the UTF-8 challenge text, or of the memo
// transaction) and issues an HS256 JWT that lives 24 hours of simulated time.
import { memo } from '../chain/instructions.js';
import { BLOCKHASH_VALIDITY_BLOCKS } from '../chain/ledger.js';
import { buildTransaction, checkSigner, decodeTransaction, verifyEd25519 } from '../chain/transactions.js';
import { iso } from '../context.js';
import type { Handler } from '../handler.js';
import { bytesEqual, fromBase58, utf8Bytes } from '../encoding.js';
import { ApiError } from '../errors.js';

const hex = (bytes: Uint8Array): string => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

export const triggerV2CreateChallenge: Handler<'triggerV2CreateChallenge'> = (ctx) => {
  const { sim } = ctx;
  const { walletPubkey, type } = ctx.input.body;
  const now = sim.clock.now();
  const text = `Sign in to the trigger service.\nWallet: ${walletPubkey}\nNonce: ${hex(sim.random.bytes(16))}\nIssued at: ${iso(now)}`;
  const expiresAt = now + sim.settings.challengeTtlMs;
  if (type === 'message') {
    sim.triggerV2.challenges.set(`${walletPubkey}:message`, { wallet: walletPubkey, type, text, expiresAt });
    return { body: { type, challenge: text } };
  }
  const built = buildTransaction({
    feePayer: walletPubkey,
    instructions: [memo(text, walletPubkey)],
    blockhash: sim.ledger.recentBlockhash(),
    lastValidBlockHeight: sim.ledger.blockHeight() + BLOCKHASH_VALIDITY_BLOCKS,
  });
  sim.triggerV2.challenges.set(`${walletPubkey}:transaction`, { wallet: walletPubkey, type, text, messageBytes: built.messageBytes, expiresAt });
  return { body: { type, transaction: built.base64 } };
};

export const triggerV2VerifyChallenge: Handler<'triggerV2VerifyChallenge'> = async (ctx) => {
  const { sim } = ctx;
  const body = ctx.input.body;
  if (body.type === 'message' && body.signature === undefined) throw new ApiError(400, 'signature is required for type message');
  if (body.type === 'transaction' && body.signedTransaction === undefined) throw new ApiError(400, 'signedTransaction is required for type transaction');
  const key = `${body.walletPubkey}:${body.type}`;
  const challenge = sim.triggerV2.challenges.get(key);
  if (!challenge) throw new ApiError(400, 'Challenge not found');
  if (sim.clock.now() > challenge.expiresAt) {
    sim.triggerV2.challenges.delete(key);
    throw new ApiError(400, 'Challenge expired');
  }
  // Taken now so that two concurrent verifies cannot both use it; put back if the signature fails.
  sim.triggerV2.challenges.delete(key);
  let valid: boolean;
  if (body.type === 'message') {
    const signature = fromBase58(body.signature!);
    valid = signature !== undefined && signature.length === 64 && (await verifyEd25519(body.walletPubkey, signature, utf8Bytes(challenge.text)));
  } else {
    const tx = decodeTransaction(body.signedTransaction!);
    if (!tx) {
      sim.triggerV2.challenges.set(key, challenge);
      throw new ApiError(400, 'signedTransaction is not a valid transaction');
    }
    valid = bytesEqual(tx.messageBytes, challenge.messageBytes!) && (await checkSigner(tx, body.walletPubkey)) === 'valid';
  }
  if (!valid) {
    if (!sim.triggerV2.challenges.has(key)) sim.triggerV2.challenges.set(key, challenge);
    throw new ApiError(401, 'Invalid signature');
  }
  const iat = Math.floor(sim.clock.now() / 1000);
  const token = await sim.jwt.sign({
    sub: body.walletPubkey,
    iat,
    exp: iat + Math.floor(sim.settings.tokenTtlMs / 1000),
    jti: sim.random.uuid(sim.clock.now()),
  });
  return { body: { token } };
};
