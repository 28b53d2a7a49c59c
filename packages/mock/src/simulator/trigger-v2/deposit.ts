// POST /trigger/v2/deposit/craft: an unsigned deposit of the order's input into the wallet's
// vault, for a price order or any other kind the service names (`dca`, ...: the simulator crafts the
// deposit, but only price orders can be created from one). Ownership (403), vault address (400), 10 USD minimum (400). A memo names the deposit's
// requestId, so that two deposits of the same amount crafted in the same slot are two transactions
// (identical ones would share one signature, and a signature lands once).
import { BLOCKHASH_VALIDITY_BLOCKS } from '../chain/ledger.js';
import { MEMO_PROGRAM } from '../chain/addresses.js';
import { computeUnitLimit, systemTransfer, tokenTransfer } from '../chain/instructions.js';
import { utf8Bytes } from '../encoding.js';
import { buildTransaction } from '../chain/transactions.js';
import type { Handler } from '../handler.js';
import { ApiError, parseAmount } from '../errors.js';
import { NATIVE_MINT, tokenByMint } from '../tokens.js';
import { DEPOSIT_REQUIRED_BY_ORDER_TYPE } from '../../gen/price-fields.gen.js';
import { missingFieldOf } from './required-when.js';

export const V2_MIN_ORDER_USD = 10;

export const triggerV2CraftDeposit: Handler<'triggerV2CraftDeposit'> = async (ctx) => {
  const { sim } = ctx;
  const wallet = ctx.wallet!;
  const body = ctx.input.body;
  const vault = sim.triggerV2.vaultOf(wallet);
  if (!vault) throw new ApiError(403, 'No vault registered for this wallet');
  if (body.userAddress === vault.vaultPubkey) throw new ApiError(400, 'userAddress cannot be the vault address');
  if (body.userAddress !== wallet) throw new ApiError(403, 'userAddress does not match authenticated wallet');
  // The service's validation answer (a published one: per-field details).
  const missing = missingFieldOf(DEPOSIT_REQUIRED_BY_ORDER_TYPE, body.orderType, body);
  if (missing !== undefined)
    throw new ApiError(400, 'Request validation failed', { details: { [missing]: `Required for ${body.orderType} orders` } });
  const input = tokenByMint(body.inputMint);
  if (!input) throw new ApiError(400, `Unsupported inputMint ${body.inputMint}`);
  if (!tokenByMint(body.outputMint)) throw new ApiError(400, `Unsupported outputMint ${body.outputMint}`);
  if (body.inputMint === body.outputMint) throw new ApiError(400, 'inputMint and outputMint must differ');
  const amount = parseAmount(body.amount, 'amount');
  if (sim.prices.usdValue(body.inputMint, amount) < V2_MIN_ORDER_USD)
    throw new ApiError(400, `Minimum order size is ${V2_MIN_ORDER_USD} USD`);
  const balance = sim.wallets.balance(wallet, body.inputMint) ?? 0n;
  if (balance < amount) throw new ApiError(400, `Insufficient balance: need ${amount}, have ${balance}`);

  const transfer =
    body.inputMint === NATIVE_MINT
      ? systemTransfer(wallet, vault.vaultPubkey, amount)
      : await tokenTransfer(wallet, vault.vaultPubkey, body.inputMint, amount, input.decimals);
  const requestId = sim.random.uuid(sim.clock.now());
  const built = buildTransaction({
    feePayer: wallet,
    instructions: [computeUnitLimit(100_000), transfer, { programId: MEMO_PROGRAM, accounts: [], data: utf8Bytes(`deposit ${requestId}`) }],
    blockhash: sim.ledger.recentBlockhash(),
    lastValidBlockHeight: sim.ledger.blockHeight() + BLOCKHASH_VALIDITY_BLOCKS,
  });
  sim.triggerV2.deposits.set(requestId, {
    requestId,
    wallet,
    vaultPubkey: vault.vaultPubkey,
    orderType: body.orderType,
    ...(body.orderSubType !== undefined ? { orderSubType: body.orderSubType } : {}),
    inputMint: body.inputMint,
    outputMint: body.outputMint,
    amount,
    messageBytes: built.messageBytes,
  });
  return {
    body: {
      transaction: built.base64,
      requestId,
      receiverAddress: vault.vaultPubkey,
      mint: body.inputMint,
      amount: amount.toString(),
      tokenDecimals: input.decimals,
      inputTokenAccount: sim.random.address(),
      ...(body.orderSubType === 'otoco' ? { outputTokenAccount: sim.random.address() } : {}),
    },
  };
};
