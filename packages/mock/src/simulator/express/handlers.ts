// Express verification: check eligibility, craft the payment the spec states (`x-express-payment`:
// 1000 PLATFORM_TOKEN, direct or swapped from another currency), execute the signed payment.
import type { ExpressCraftResponse, ExpressEligibilityResponse } from '@x/types';
import { AMM_KEYS, EXPRESS_RECEIVER, SIGNATURE_FEE_LAMPORTS } from '../chain/addresses.js';
import { computeUnitLimit, swap, tokenTransfer, type PlainInstruction } from '../chain/instructions.js';
import { alreadyProcessed, BLOCKHASH_VALIDITY_BLOCKS, MS_PER_BLOCK } from '../chain/ledger.js';
import { assertPublicKeys, buildTransaction, checkSigner, decodeTransaction } from '../chain/transactions.js';
import { iso, type SimContext } from '../context.js';
import type { Handler } from '../handler.js';
import { bytesEqual, toBase58 } from '../encoding.js';
import { ApiError, parseAmount } from '../errors.js';
import { EXPRESS_PAYMENT } from '../../gen/express-payment.gen.js';
import { NATIVE_MINT, PLATFORM_TOKEN_MINT, tokenByMint, tokenBySymbol } from '../tokens.js';
import { applyTransaction } from '../tx/land.js';
import { setTokenStatus } from './store.js';

/** A crafted payment expires with its blockhash (150 blocks of 400 ms): after that it can no longer land. */
const CRAFT_TTL_MS = BLOCKHASH_VALIDITY_BLOCKS * MS_PER_BLOCK;

export const tokensCheckExpressEligibility: Handler<'tokensCheckExpressEligibility'> = (ctx) => {
  const tokenId = ctx.input.query.tokenId;
  const status = ctx.sim.express.status(tokenId);
  const body: ExpressEligibilityResponse = {
    tokenExists: status.exists,
    isVerified: status.verified,
    canVerify: status.exists && !status.verified,
    canMetadata: status.exists,
  };
  if (!status.exists) {
    body.verificationError = 'Token does not exist';
    body.metadataError = 'Token does not exist';
  } else if (status.verified) body.verificationError = 'Token is already verified';
  return { body };
};

/**
 * Throws the 400 of a sender who does not hold the payment (`amount` of `mint`, named `currency`)
 * and the fee: checked when the payment is crafted, and again when it lands.
 */
function assertCanPay(sim: SimContext, sender: string, currency: string, mint: string, amount: bigint): void {
  const balance = sim.wallets.balance(sender, mint) ?? 0n;
  const feeNeeded = BigInt(SIGNATURE_FEE_LAMPORTS) + (mint === NATIVE_MINT ? amount : 0n);
  if (balance < amount) throw new ApiError(400, `Insufficient ${currency} balance: need ${amount}, have ${balance}`);
  if ((sim.wallets.balance(sender, NATIVE_MINT) ?? 0n) < feeNeeded)
    throw new ApiError(400, 'Insufficient native coin for the transaction fee');
}

export const tokensCraftExpressTransaction: Handler<'tokensCraftExpressTransaction'> = async (ctx) => {
  const { sim } = ctx;
  const sender = ctx.input.query.senderAddress!;
  // The payment moves tokens between associated token accounts, derived from a real 32-byte key.
  assertPublicKeys([sender]);
  // An open value (the service adds currencies): any token symbol the simulator can price pays.
  const currency = ctx.input.query.paymentCurrency ?? 'PLATFORM_TOKEN';
  const payWith = tokenBySymbol(currency);
  if (!payWith || sim.prices.usd(payWith.mint) === undefined)
    throw new ApiError(400, `Unsupported paymentCurrency ${currency}: a token symbol the service can price`);
  const direct = payWith.mint === PLATFORM_TOKEN_MINT;
  const inputAmount = direct ? EXPRESS_PAYMENT : sim.prices.convertUp(payWith.mint, PLATFORM_TOKEN_MINT, EXPRESS_PAYMENT);
  assertCanPay(sim, sender, currency, payWith.mint, inputAmount);

  const platform = tokenByMint(PLATFORM_TOKEN_MINT)!;
  const instructions: PlainInstruction[] = [computeUnitLimit(200_000)];
  if (!direct) {
    instructions.push(
      swap({
        taker: sender,
        ammKey: AMM_KEYS[0] as string,
        inputMint: payWith.mint,
        outputMint: PLATFORM_TOKEN_MINT,
        inAmount: inputAmount,
        minOutAmount: EXPRESS_PAYMENT,
        slippageBps: 0,
      }),
    );
  }
  // What the receiver collects, the craft's `amount`: the payment, or on a swap path the swap's output at the current price (at least the payment).
  const amount = direct ? EXPRESS_PAYMENT : sim.prices.convert(payWith.mint, PLATFORM_TOKEN_MINT, inputAmount);
  instructions.push(await tokenTransfer(sender, EXPRESS_RECEIVER, PLATFORM_TOKEN_MINT, amount, platform.decimals));
  const height = sim.ledger.blockHeight();
  const built = buildTransaction({
    feePayer: sender,
    instructions,
    blockhash: sim.ledger.recentBlockhash(),
    lastValidBlockHeight: height + BLOCKHASH_VALIDITY_BLOCKS,
  });
  const now = sim.clock.now();
  const requestId = sim.random.uuid(now);
  const expireAt = now + CRAFT_TTL_MS;
  sim.express.crafts.set(requestId, {
    requestId,
    sender,
    currency,
    inputMint: payWith.mint,
    inputAmount,
    amount,
    messageBytes: built.messageBytes,
    expireAt,
  });
  const nativePrice = sim.prices.usd(NATIVE_MINT) ?? 0;
  const body: ExpressCraftResponse = {
    transaction: built.base64,
    requestId,
    receiverAddress: EXPRESS_RECEIVER,
    mint: PLATFORM_TOKEN_MINT,
    amount: amount.toString(),
    tokenDecimals: platform.decimals,
    feeLamports: SIGNATURE_FEE_LAMPORTS,
    feeMint: NATIVE_MINT,
    feeTokenDecimals: 9,
    feeAmount: SIGNATURE_FEE_LAMPORTS,
    totalTime: 1,
    code: 0,
    gasless: false,
    tokenUsdRate: sim.prices.usd(PLATFORM_TOKEN_MINT) ?? 0,
    feeUsdAmount: (SIGNATURE_FEE_LAMPORTS / 1e9) * nativePrice,
    expireAt: iso(expireAt),
  };
  if (!direct) {
    Object.assign(body, {
      inputMint: payWith.mint,
      inputDecimals: payWith.decimals,
      quotedInputAmount: inputAmount.toString(),
      maxInputAmount: inputAmount.toString(),
    });
  }
  return { body };
};

const eligible = (status: { exists: boolean; verified: boolean }): boolean => status.exists && !status.verified;
const notEligible = (): ApiError => new ApiError(409, 'Token is not eligible for express verification');

export const tokensExecuteExpress: Handler<'tokensExecuteExpress'> = async (ctx) => {
  const { sim } = ctx;
  const body = ctx.input.body;
  if (!eligible(sim.express.status(body.tokenId))) throw notEligible();
  const craft = sim.express.crafts.get(body.requestId);
  if (!craft) throw new ApiError(400, 'Unknown or expired requestId');
  if (craft.sender !== body.senderAddress) throw new ApiError(400, 'senderAddress does not match the crafted transaction');
  if (sim.clock.now() > craft.expireAt)
    throw new ApiError(400, 'The crafted transaction has expired; craft a new one', { kind: 'TRANSACTION_EXPIRED' });
  const currency = body.paymentCurrency ?? 'PLATFORM_TOKEN';
  if (currency !== craft.currency) throw new ApiError(400, `paymentCurrency ${currency} does not match the crafted ${craft.currency}`);
  if (craft.inputMint !== PLATFORM_TOKEN_MINT) {
    if (body.paymentAmount === undefined) throw new ApiError(400, 'paymentAmount is required for non-PLATFORM_TOKEN payments');
    if (parseAmount(body.paymentAmount, 'paymentAmount') !== craft.inputAmount)
      throw new ApiError(400, 'paymentAmount does not match the quoted input amount');
  }
  const tx = decodeTransaction(body.transaction);
  if (!tx) throw new ApiError(400, 'Invalid transaction');
  if (!bytesEqual(tx.messageBytes, craft.messageBytes)) throw new ApiError(400, 'Transaction does not match the crafted transaction');
  const check = await checkSigner(tx, craft.sender);
  if (check !== 'valid')
    throw new ApiError(400, check === 'missing' ? 'Transaction is not signed by the sender' : 'Invalid sender signature');
  // A concurrent execute of the same payment may have won while the signature was checked.
  if (!sim.express.crafts.has(craft.requestId)) throw new ApiError(400, 'Unknown or expired requestId');
  // So may another payment for the same token: it is verified once, and this payment is not taken.
  if (!eligible(sim.express.status(body.tokenId))) throw notEligible();
  // The payment moves when it lands: the sender may have spent it since the craft.
  assertCanPay(sim, craft.sender, craft.currency, craft.inputMint, craft.inputAmount);
  // Two crafts in the same slot can carry the same message: one signed payment lands once.
  const signature = toBase58(tx.signatures[0]!.signature!);
  const earlier = sim.ledger.landed(signature);
  if (earlier) throw alreadyProcessed(earlier);
  // What the crafted instructions move, as for any landing transaction (tx/land.ts), all or nothing:
  // the network fee; on a swap path the swap, paying the sender its output at the current price
  // (refused below its minimum, 1000 PLATFORM_TOKEN); the transfer of the craft's `amount` to the receiver.
  const made = applyTransaction(sim, tx);
  sim.ledger.land(signature, `tokensExecuteExpress:${craft.requestId}`, tx, made);
  sim.express.crafts.delete(craft.requestId);
  setTokenStatus(sim.express, body.tokenId, { exists: true, verified: true });
  return {
    body: {
      status: 'Success',
      signature,
      code: 0,
      totalTime: 1,
      verificationCreated: true,
      metadataCreated: body.tokenMetadata !== undefined,
      platformTokenOutputAmount: (craft.amount ?? EXPRESS_PAYMENT).toString(),
    },
  };
};
