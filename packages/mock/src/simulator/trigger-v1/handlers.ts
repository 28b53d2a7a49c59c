// Trigger v1 (no longer maintained upstream): create an order as an unsigned transaction, execute
// it, cancel one or many (5 per transaction), list active and past orders.
import type { TriggerV1OrderRecord } from '@x/types';
import { alreadyProcessed, BLOCKHASH_VALIDITY_BLOCKS, blockhashRejection, earlierLanding } from '../chain/ledger.js';
import { TRIGGER_V1_PROGRAM } from '../chain/addresses.js';
import { computeUnitLimit, computeUnitPrice, encodeU64, programCall, type PlainInstruction } from '../chain/instructions.js';
import { microLamportsAtPercentile } from '../swap/build.js';
import { buildTransaction, checkSigner, decodeTransaction } from '../chain/transactions.js';
import { iso, type SimContext } from '../context.js';
import type { Handler } from '../handler.js';
import { bytesEqual, toBase58 } from '../encoding.js';
import { ApiError, parseAmount } from '../errors.js';
import { LISTED_MINTS, NATIVE_MINT, tokenByMint } from '../tokens.js';
import { chargeNetworkFee, payableNetworkFee } from '../chain/fees.js';
import { tokenAccountOwner } from '../chain/token-accounts.js';
import { WORLD_WALLETS } from '../world.js';
import type { TriggerV1Fee, TriggerV1Order } from './store.js';

export const V1_MIN_USD = 5;
const PAGE_SIZE = 10;
const CANCELS_PER_TRANSACTION = 5;

const invalid = (title: string, cause: string): ApiError => new ApiError(400, cause, { title });

const U64_MAX = 2n ** 64n - 1n;

/**
 * The compute unit price of a request's `computeUnitPrice`: micro-lamports, or `auto` (the default),
 * the 95th percentile of recent priority fees.
 */
function unitPrice(title: string, text: string | undefined): bigint {
  if (text === undefined || text === 'auto') return microLamportsAtPercentile(9_500);
  const price = BigInt(text);
  if (price > U64_MAX) throw invalid(title, `computeUnitPrice ${text} is more than a u64 holds`);
  return price;
}

function build(sim: SimContext, feePayer: string, price: bigint, instructions: PlainInstruction[]) {
  return buildTransaction({
    feePayer,
    instructions: [computeUnitLimit(300_000), computeUnitPrice(price), ...instructions],
    blockhash: sim.ledger.recentBlockhash(),
    lastValidBlockHeight: sim.ledger.blockHeight() + BLOCKHASH_VALIDITY_BLOCKS,
  });
}

/** Refuses (400, `title`) when `wallet` holds less than `amount` of `mint`. */
function assertHolds(sim: SimContext, title: string, wallet: string, mint: string, amount: bigint): void {
  const balance = sim.wallets.balance(wallet, mint) ?? 0n;
  if (balance < amount) throw invalid(title, `insufficient balance: need ${amount}, have ${balance}`);
}

/**
 * Refuses (400, `title`) a new order of a maker who already has `maxOrdersPerWallet` open ones:
 * the store keeps that many per maker, and an open order holds the maker's input (it must not be
 * dropped to make room). Orders past their expiry are expired (and refunded) first.
 */
function assertRoom(sim: SimContext, title: string, maker: string): void {
  const orders = sim.triggerV1.ordersOf(maker);
  expireV1Orders(sim, orders);
  const open = orders.filter((o) => o.status === 'Open').length;
  const max = sim.settings.maxOrdersPerWallet;
  if (open >= max)
    throw invalid(title, `maker has ${open} open orders, the most the simulator keeps (settings.maxOrdersPerWallet); cancel one first`);
}

/**
 * The integrator fee of a create-order request, checked: `feeBps` needs `feeAccount` (the public
 * docs: "requires the feeAccount parameter"), at most 10 000 bps of the output, and the fee account
 * must be of the output mint (the fee is paid in it) when the simulator can tell its mint.
 */
function integratorFee(
  title: string,
  body: { maker: string; payer: string; outputMint: string; feeAccount?: string; params: { feeBps?: string } },
): TriggerV1Fee | null {
  const rate = body.params.feeBps;
  if (rate === undefined) return null;
  const account = body.feeAccount;
  if (account === undefined) throw invalid(title, 'feeBps requires feeAccount, the token account of the output mint that receives the fee');
  const bps = Number(rate);
  if (!Number.isSafeInteger(bps) || bps > 10_000) throw invalid(title, 'feeBps must be from 0 to 10000 basis points of the output');
  const owners = [body.maker, body.payer, ...WORLD_WALLETS];
  const other = tokenAccountOwner(
    account,
    owners,
    LISTED_MINTS.filter((m) => m !== body.outputMint),
  );
  if (other) {
    const symbol = (mint: string) => tokenByMint(mint)?.symbol ?? mint;
    throw invalid(
      title,
      `feeAccount ${account} is a token account of ${symbol(other.mint)}; the fee is paid in the output mint, ${symbol(body.outputMint)}`,
    );
  }
  if (bps === 0) return null;
  return { bps, account, wallet: tokenAccountOwner(account, owners, [body.outputMint])?.owner ?? account };
}

export const triggerV1CreateOrder: Handler<'triggerV1CreateOrder'> = (ctx) => {
  const { sim } = ctx;
  const body = ctx.input.body;
  const title = 'invalid create order request';
  if (!tokenByMint(body.inputMint)) throw invalid(title, `unknown inputMint ${body.inputMint}`);
  if (!tokenByMint(body.outputMint)) throw invalid(title, `unknown outputMint ${body.outputMint}`);
  if (body.inputMint === body.outputMint) throw invalid(title, 'inputMint and outputMint must differ');
  const making = parseAmount(body.params.makingAmount, 'makingAmount');
  const taking = parseAmount(body.params.takingAmount, 'takingAmount');
  if (taking <= 0n) throw invalid(title, 'takingAmount must be greater than 0');
  if (sim.prices.usdValue(body.inputMint, making) < V1_MIN_USD)
    throw invalid(title, `making amount is worth less than the ${V1_MIN_USD} USD minimum`);
  const nowSec = Math.floor(sim.clock.now() / 1000);
  const expiredAt = body.params.expiredAt !== undefined ? Number(body.params.expiredAt) : null;
  if (expiredAt !== null && (!Number.isSafeInteger(expiredAt) || expiredAt > 4_102_444_800))
    throw invalid(title, 'expiredAt must be a Unix time in seconds');
  if (expiredAt !== null && expiredAt <= nowSec) throw invalid(title, 'expiredAt must be in the future');
  assertHolds(sim, title, body.maker, body.inputMint, making);
  assertRoom(sim, title, body.maker);
  const fee = integratorFee(title, body);

  const orderKey = sim.random.address();
  const built = build(sim, body.payer, unitPrice(title, body.computeUnitPrice), [
    programCall(
      TRIGGER_V1_PROGRAM,
      'init_ord',
      [
        { pubkey: body.maker, isSigner: true, isWritable: true },
        { pubkey: body.payer, isSigner: true, isWritable: true },
        { pubkey: orderKey, isSigner: false, isWritable: true },
        { pubkey: body.inputMint, isSigner: false, isWritable: false },
        { pubkey: body.outputMint, isSigner: false, isWritable: false },
        // The fee account and its rate (u16 bps) are part of the order the maker signs.
        ...(fee ? [{ pubkey: fee.account, isSigner: false, isWritable: true }] : []),
      ],
      new Uint8Array([...encodeU64(making), ...encodeU64(taking), ...(fee ? [fee.bps & 0xff, fee.bps >> 8] : [])]),
    ),
  ]);
  const now = sim.clock.now();
  const requestId = sim.random.uuid(now);
  const order: TriggerV1Order = {
    orderKey,
    userPubkey: body.maker,
    inputMint: body.inputMint,
    outputMint: body.outputMint,
    makingAmount: making,
    takingAmount: taking,
    remainingMakingAmount: making,
    remainingTakingAmount: taking,
    slippageBps: Number(body.params.slippageBps ?? 0),
    expiredAt,
    createdAt: now,
    updatedAt: now,
    status: 'Open',
    fee,
    openTx: '',
    closeTx: '',
  };
  sim.triggerV1.pending.set(requestId, {
    kind: 'create',
    maker: body.maker,
    signers: built.signers,
    messages: [built.messageBytes],
    order,
  });
  return { body: { requestId, transaction: built.base64, order: orderKey } };
};

export const triggerV1Execute: Handler<'triggerV1Execute'> = async (ctx) => {
  const { sim } = ctx;
  const { requestId, signedTransaction } = ctx.input.body;
  const title = 'invalid execute request';
  const pending = sim.triggerV1.pending.get(requestId);
  if (!pending) {
    // A re-send of a transaction that landed (its first answer lost) is told so, not that its request is unknown.
    const earlier = earlierLanding(sim.ledger, signedTransaction);
    throw earlier ? alreadyProcessed(earlier, { title }) : invalid(title, 'requestId not found or expired');
  }
  const tx = decodeTransaction(signedTransaction);
  if (!tx) throw invalid(title, 'signedTransaction is not a valid transaction');
  const index = pending.messages.findIndex((m) => bytesEqual(m, tx.messageBytes));
  if (index < 0) throw invalid(title, 'signedTransaction does not match the transaction of this request');
  for (const signer of tx.signatures.map((s) => s.signer)) {
    const check = await checkSigner(tx, signer);
    if (check !== 'valid') throw invalid(title, `${check === 'missing' ? 'missing' : 'invalid'} signature of ${signer}`);
  }
  // A concurrent execute of the same request may have won while the signatures were checked.
  if (sim.triggerV1.pending.get(requestId) !== pending) throw invalid(title, 'requestId not found or expired');
  const signature = toBase58(tx.signatures[0]!.signature!);
  if (pending.kind !== 'create' && pending.done[index]) throw invalid(title, 'this transaction was already executed');
  // As on a chain: a transaction's age first (one past its blockhash never lands), then the rest.
  const tooOld = blockhashRejection(sim.ledger, tx, { title });
  if (tooOld) throw tooOld;
  // The order's input moves when its transaction lands: the maker must still hold it then (another
  // order or a swap may have spent it since createOrder checked), else nothing lands.
  if (pending.kind === 'create') {
    const { userPubkey, inputMint, makingAmount } = pending.order;
    assertHolds(sim, title, userPubkey, inputMint, makingAmount);
    assertRoom(sim, title, userPubkey);
  } else {
    // A cancel closes open orders: one that filled or expired since it was crafted fails the whole
    // transaction, as on a chain (nothing lands, nothing moves).
    for (const key of pending.chunks[index] ?? []) {
      const status = sim.triggerV1.orders.get(key)?.status;
      if (status !== 'Open') throw invalid(title, `order ${key} is ${status ?? 'gone'}, not open`);
    }
  }
  // The payer pays the network fee (and, when it is the maker, a native coin order's making amount).
  const native = pending.kind === 'create' && pending.order.inputMint === NATIVE_MINT && pending.order.userPubkey === tx.staticAccounts[0];
  const fee = payableNetworkFee(sim.wallets, tx, native ? pending.order.makingAmount : 0n, { title });
  // Two requests in the same slot can carry the same message: one signed transaction lands once.
  const earlier = sim.ledger.land(signature, `triggerV1Execute:${requestId}`, tx);
  if (earlier) throw alreadyProcessed(earlier, { title });
  chargeNetworkFee(sim.wallets, fee);
  const now = sim.clock.now();
  if (pending.kind === 'create') {
    const order = { ...pending.order, openTx: signature, createdAt: now, updatedAt: now };
    sim.wallets.add(order.userPubkey, order.inputMint, -order.makingAmount);
    sim.triggerV1.addOrder(order);
    sim.triggerV1.pending.delete(requestId);
  } else {
    pending.done[index] = true;
    for (const key of pending.chunks[index] ?? []) {
      const order = sim.triggerV1.orders.get(key)!;
      sim.wallets.add(order.userPubkey, order.inputMint, order.remainingMakingAmount);
      Object.assign(order, { status: 'Cancelled', closeTx: signature, updatedAt: now });
    }
    if (pending.done.every(Boolean)) sim.triggerV1.pending.delete(requestId);
  }
  return { body: { code: 0, signature, status: 'Success' } };
};

function cancelTransactions(sim: SimContext, maker: string, price: bigint, chunks: string[][]) {
  return chunks.map((keys) =>
    build(sim, maker, price, [
      programCall(TRIGGER_V1_PROGRAM, 'cancel', [
        { pubkey: maker, isSigner: true, isWritable: true },
        ...keys.map((k) => ({ pubkey: k, isSigner: false, isWritable: true })),
      ]),
    ]),
  );
}

export const triggerV1CancelOrder: Handler<'triggerV1CancelOrder'> = (ctx) => {
  const { sim } = ctx;
  const { maker, order: key, computeUnitPrice: priceText } = ctx.input.body;
  const title = 'invalid cancel order request';
  const price = unitPrice(title, priceText);
  const order = sim.triggerV1.orders.get(key);
  if (!order || order.userPubkey !== maker) throw invalid(title, `order ${key} not found for maker ${maker}`);
  if (order.status !== 'Open') throw invalid(title, `order ${key} is not open`);
  const [built] = cancelTransactions(sim, maker, price, [[key]]);
  const requestId = sim.random.uuid(sim.clock.now());
  sim.triggerV1.pending.set(requestId, {
    kind: 'cancel',
    maker,
    signers: built!.signers,
    messages: [built!.messageBytes],
    chunks: [[key]],
    done: [false],
  });
  return { body: { requestId, transaction: built!.base64 } };
};

export const triggerV1CancelOrders: Handler<'triggerV1CancelOrders'> = (ctx) => {
  const { sim } = ctx;
  const { maker, orders, computeUnitPrice: priceText } = ctx.input.body;
  const title = 'invalid cancel orders request';
  const price = unitPrice(title, priceText);
  let keys: string[];
  // (An empty list is refused by the request's schema: `minItems: 1`.)
  if (orders) {
    for (const key of orders) {
      const order = sim.triggerV1.orders.get(key);
      if (!order || order.userPubkey !== maker) throw invalid(title, `order ${key} not found for maker ${maker}`);
      if (order.status !== 'Open') throw invalid(title, `order ${key} is not open`);
    }
    keys = [...new Set(orders)];
  } else {
    keys = sim.triggerV1
      .ordersOf(maker)
      .filter((o) => o.status === 'Open')
      .map((o) => o.orderKey);
  }
  if (keys.length === 0) throw invalid(title, 'no open orders to cancel');
  const chunks: string[][] = [];
  for (let i = 0; i < keys.length; i += CANCELS_PER_TRANSACTION) chunks.push(keys.slice(i, i + CANCELS_PER_TRANSACTION));
  const built = cancelTransactions(sim, maker, price, chunks);
  const requestId = sim.random.uuid(sim.clock.now());
  sim.triggerV1.pending.set(requestId, {
    kind: 'cancel',
    maker,
    signers: [maker],
    messages: built.map((b) => b.messageBytes),
    chunks,
    done: chunks.map(() => false),
  });
  return { body: { requestId, transactions: built.map((b) => b.base64) } };
};

function record(order: TriggerV1Order): TriggerV1OrderRecord {
  const input = tokenByMint(order.inputMint);
  const output = tokenByMint(order.outputMint);
  // Exact (a float would round an amount past 2^53 units): whole units, then the fraction's digits
  // without trailing zeros (100 000 units of a 6-decimal token is 0.1).
  const human = (amount: bigint, decimals = 0): string => {
    const digits = amount.toString().padStart(decimals + 1, '0');
    const whole = digits.slice(0, digits.length - decimals);
    const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
    return fraction ? `${whole}.${fraction}` : whole;
  };
  return {
    userPubkey: order.userPubkey,
    orderKey: order.orderKey,
    inputMint: order.inputMint,
    outputMint: order.outputMint,
    makingAmount: human(order.makingAmount, input?.decimals),
    takingAmount: human(order.takingAmount, output?.decimals),
    remainingMakingAmount: human(order.remainingMakingAmount, input?.decimals),
    remainingTakingAmount: human(order.remainingTakingAmount, output?.decimals),
    rawMakingAmount: order.makingAmount.toString(),
    rawTakingAmount: order.takingAmount.toString(),
    rawRemainingMakingAmount: order.remainingMakingAmount.toString(),
    rawRemainingTakingAmount: order.remainingTakingAmount.toString(),
    slippageBps: String(order.slippageBps),
    expiredAt: order.expiredAt === null ? null : iso(order.expiredAt * 1000),
    createdAt: iso(order.createdAt),
    updatedAt: iso(order.updatedAt),
    status: order.status,
    openTx: order.openTx || null,
    closeTx: order.closeTx || null,
    programVersion: TRIGGER_V1_PROGRAM,
    trades: [],
  };
}

/** Marks open orders past their expiry as expired (lazily, on read) and refunds them. */
export function expireV1Orders(sim: SimContext, orders: TriggerV1Order[]): void {
  const nowSec = Math.floor(sim.clock.now() / 1000);
  for (const order of orders) {
    if (order.status === 'Open' && order.expiredAt !== null && order.expiredAt <= nowSec) {
      sim.wallets.add(order.userPubkey, order.inputMint, order.remainingMakingAmount);
      Object.assign(order, { status: 'Expired', updatedAt: sim.clock.now() });
    }
  }
}

export const triggerV1GetTriggerOrders: Handler<'triggerV1GetTriggerOrders'> = (ctx) => {
  const { sim } = ctx;
  const user = ctx.input.query.user;
  if (user === undefined) throw invalid('invalid get trigger orders request', 'user is required');
  const orderStatus = ctx.input.query.orderStatus ?? 'active';
  const page = ctx.input.query.page ?? 1;
  if (!Number.isInteger(page) || page < 1) throw invalid('invalid get trigger orders request', 'page must be a positive integer');
  const inputMint = ctx.input.query.inputMint;
  const outputMint = ctx.input.query.outputMint;
  const all = sim.triggerV1.ordersOf(user);
  expireV1Orders(sim, all);
  const selected = all
    .filter((o) => (orderStatus === 'active' ? o.status === 'Open' : o.status !== 'Open'))
    .filter((o) => (inputMint === undefined || o.inputMint === inputMint) && (outputMint === undefined || o.outputMint === outputMint))
    .sort((a, b) => b.createdAt - a.createdAt);
  const totalPages = Math.max(1, Math.ceil(selected.length / PAGE_SIZE));
  const orders = selected.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map(record);
  return { body: { user, orderStatus, orders, totalPages, page } };
};
