// POST /trigger/v2/orders/price (create from a signed deposit) and PATCH /orders/price/{id}
// (only while open). Price relationships are checked against the simulator's price table.
import { bytesEqual, toBase58 } from '../encoding.js';
import { checkSigner, decodeTransaction } from '../chain/transactions.js';
import { iso, type SimContext } from '../context.js';
import type { Handler } from '../handler.js';
import { ApiError, parseAmount } from '../errors.js';
import { NATIVE_MINT, tokenByMint } from '../tokens.js';
import { chargeNetworkFee, payableNetworkFee } from '../chain/fees.js';
import { alreadyProcessed, blockhashRejection } from '../chain/ledger.js';
import { REQUIRED_BY_ORDER_TYPE, UPDATABLE_PRICE_FIELDS } from '../../gen/price-fields.gen.js';
import { refreshOrder } from './lifecycle.js';
import { missingFieldOf } from './required-when.js';
import { priceFieldsOf, type PriceFields, type V2Order, type V2OrderType } from './store.js';

const MAX_EXPIRY_MS = 365 * 86_400_000;

const invalid = (message: string): ApiError => new ApiError(400, message);

/** The price rules of each order type, against the current price of the trigger mint. */
export function checkPrices(sim: SimContext, type: V2OrderType, triggerMint: string, f: PriceFields): void {
  const current = sim.prices.usd(triggerMint);
  if (current === undefined) throw new ApiError(500, 'Failed to fetch trigger mint price');
  for (const key of ['triggerPriceUsd', 'tpPriceUsd', 'slPriceUsd'] as const) {
    const v = f[key];
    if (v !== undefined && !(v > 0)) throw invalid(`${key} must be greater than 0`);
  }
  // The fields the spec requires for the type (x-required-when), the first missing one named.
  const missing = missingFieldOf(REQUIRED_BY_ORDER_TYPE, type, f);
  if (missing !== undefined) throw invalid(`${missing} is required for ${type} orders`);
  if (type === 'single' || type === 'otoco') {
    const trigger = f.triggerPriceUsd!;
    if (f.triggerCondition === 'above' && !(trigger > current)) {
      throw invalid(`triggerPriceUsd must be above the current price (${current}) for condition above`);
    }
    if (f.triggerCondition === 'below' && !(trigger < current)) {
      throw invalid(`triggerPriceUsd must be below the current price (${current}) for condition below`);
    }
  }
  if (type === 'oco' || type === 'otoco') {
    const [tp, sl] = [f.tpPriceUsd!, f.slPriceUsd!];
    if (!(tp > sl)) throw invalid('tpPriceUsd must be greater than slPriceUsd');
    const reference = type === 'oco' ? current : f.triggerPriceUsd!;
    if (!(tp > reference))
      throw invalid(`tpPriceUsd must be above ${type === 'oco' ? 'the current price' : 'triggerPriceUsd'} (${reference})`);
    if (!(sl < reference))
      throw invalid(`slPriceUsd must be below ${type === 'oco' ? 'the current price' : 'triggerPriceUsd'} (${reference})`);
  }
}

export const triggerV2CreatePriceOrder: Handler<'triggerV2CreatePriceOrder'> = async (ctx) => {
  const { sim } = ctx;
  const wallet = ctx.wallet!;
  const body = ctx.input.body;
  const vault = sim.triggerV2.vaultOf(wallet);
  if (vault && body.userPubkey === vault.vaultPubkey) throw invalid('userPubkey cannot be the vault address');
  if (body.userPubkey !== wallet) throw new ApiError(403, 'userPubkey does not match authenticated wallet');
  if (!vault) throw invalid('No vault registered for this wallet');
  const now = sim.clock.now();
  if (!(body.expiresAt > now) || body.expiresAt > now + MAX_EXPIRY_MS) throw invalid('Invalid expiresAt');
  if (body.triggerMint !== body.inputMint && body.triggerMint !== body.outputMint)
    throw invalid('triggerMint must be the inputMint or the outputMint');
  if (!tokenByMint(body.inputMint) || !tokenByMint(body.outputMint)) throw invalid('Unsupported inputMint or outputMint');
  checkPrices(sim, body.orderType, body.triggerMint, body);

  if (sim.triggerV2.usedDeposits.has(body.depositRequestId)) throw invalid('Duplicate deposit');
  const deposit = sim.triggerV2.deposits.get(body.depositRequestId);
  if (!deposit || deposit.wallet !== wallet) throw invalid('Invalid signed deposit transaction');
  if (deposit.orderType !== 'price')
    throw invalid(`The deposit was crafted for orderType ${deposit.orderType}; a price order needs a price deposit`);
  if (deposit.orderSubType !== body.orderType)
    throw invalid(`orderType ${body.orderType} does not match the deposit's orderSubType ${deposit.orderSubType}`);
  if (deposit.inputMint !== body.inputMint || deposit.outputMint !== body.outputMint)
    throw invalid('inputMint and outputMint must match the deposit');
  if (deposit.amount !== parseAmount(body.inputAmount, 'inputAmount')) throw invalid('inputAmount must match the deposit amount');
  const tx = decodeTransaction(body.depositSignedTx);
  if (!tx || !bytesEqual(tx.messageBytes, deposit.messageBytes) || (await checkSigner(tx, wallet)) !== 'valid') {
    throw invalid('Invalid signed deposit transaction');
  }
  // A deposit signed after its blockhash expired never lands (checked before its signature's history, as a chain does).
  const tooOld = blockhashRejection(sim.ledger, tx);
  if (tooOld) throw tooOld;
  // Re-check after the await: a concurrent request may have used the same deposit.
  if (sim.triggerV2.usedDeposits.has(body.depositRequestId)) throw invalid('Duplicate deposit');
  const balance = sim.wallets.balance(wallet, deposit.inputMint) ?? 0n;
  if (balance < deposit.amount) throw invalid(`Insufficient balance for the deposit: need ${deposit.amount}, have ${balance}`);
  const fee = payableNetworkFee(sim.wallets, tx, deposit.inputMint === NATIVE_MINT ? deposit.amount : 0n);
  const depositSignature = toBase58(tx.signatures[0]!.signature!);
  // Two deposits crafted in the same slot can carry the same message: one signed deposit lands once.
  const earlier = sim.ledger.land(depositSignature, `triggerV2CreatePriceOrder:${deposit.requestId}`, tx);
  if (earlier) throw alreadyProcessed(earlier);
  chargeNetworkFee(sim.wallets, fee);
  sim.triggerV2.usedDeposits.set(deposit.requestId, wallet);
  sim.triggerV2.deposits.delete(deposit.requestId);
  sim.wallets.add(wallet, deposit.inputMint, -deposit.amount);

  const order: V2Order = {
    id: sim.random.uuid(now),
    orderType: body.orderType,
    orderState: 'open',
    userPubkey: wallet,
    inputMint: body.inputMint,
    initialInputAmount: deposit.amount,
    remainingInputAmount: deposit.amount,
    outputMint: body.outputMint,
    triggerMint: body.triggerMint,
    ...priceFieldsOf(body),
    expiresAt: body.expiresAt,
    createdAt: now,
    updatedAt: now,
    outputAmount: 0n,
    fillPercent: 0,
    events: [{ type: 'created', at: iso(now), txSignature: depositSignature }],
    depositSignature,
    markedReady: false,
  };
  sim.triggerV2.addOrder(order);
  return { body: { id: order.id, txSignature: depositSignature, depositConfirmed: true } };
};

export const triggerV2UpdatePriceOrder: Handler<'triggerV2UpdatePriceOrder'> = (ctx) => {
  const { sim } = ctx;
  const id = ctx.input.path.id;
  const order = sim.triggerV2.orders.get(id);
  if (!order || order.userPubkey !== ctx.wallet) throw new ApiError(404, 'Order not found');
  refreshOrder(sim, order);
  if (order.orderState !== 'open') throw invalid('Order is not open');
  if (ctx.input.body.orderType !== order.orderType)
    throw invalid(`orderType ${ctx.input.body.orderType} does not match the order's ${order.orderType}`);
  const changes = priceFieldsOf(ctx.input.body);
  if (Object.keys(changes).length === 0) throw invalid(`Nothing to update: send at least one of ${UPDATABLE_PRICE_FIELDS.join(', ')}`);
  const legs = order.orderType !== 'single';
  if (
    !legs &&
    (changes.tpPriceUsd !== undefined ||
      changes.slPriceUsd !== undefined ||
      changes.tpSlippageBps !== undefined ||
      changes.slSlippageBps !== undefined)
  ) {
    throw invalid('single orders have no take-profit or stop-loss legs');
  }
  if (order.orderType === 'oco' && (changes.triggerPriceUsd !== undefined || changes.slippageBps !== undefined)) {
    throw invalid('oco orders have no triggerPriceUsd or slippageBps; update tpPriceUsd, slPriceUsd and their slippage');
  }
  const next = { ...priceFieldsOf(order), ...changes };
  checkPrices(sim, order.orderType, order.triggerMint, next);
  Object.assign(order, changes);
  order.updatedAt = sim.clock.now();
  order.events.push({ type: 'updated', at: iso(order.updatedAt), ...changes });
  if (order.events.length > 20) order.events.splice(0, order.events.length - 20);
  return { body: { id: order.id } };
};
