// GET /trigger/v2/orders/history: the wallet's orders, active or past, filtered by mint, sorted,
// paginated with limit/offset; or one order by id (404 unknown, 403 another wallet's).
import type { Handler } from '../handler.js';
import { ApiError } from '../errors.js';
import { orderRecord, refreshOrder } from './lifecycle.js';
import { ACTIVE_STATES, type V2Order } from './store.js';

const SORT_KEYS: Record<string, (o: V2Order) => number> = {
  updated_at: (o) => o.updatedAt,
  created_at: (o) => o.createdAt,
  expires_at: (o) => o.expiresAt,
};

export const triggerV2GetOrderHistory: Handler<'triggerV2GetOrderHistory'> = (ctx) => {
  const { sim } = ctx;
  const wallet = ctx.wallet!;
  const limit = ctx.input.query.limit ?? 20;
  const offset = ctx.input.query.offset ?? 0;
  const id = ctx.input.query.id;
  if (id !== undefined) {
    const order = sim.triggerV2.orders.get(id);
    if (!order) throw new ApiError(404, 'Order not found');
    if (order.userPubkey !== wallet) throw new ApiError(403, 'No permission to view these orders');
    refreshOrder(sim, order);
    return { body: { orders: [orderRecord(order)], pagination: { total: 1, limit, offset: 0 } } };
  }
  const state = ctx.input.query.state;
  const mint = ctx.input.query.mint;
  const sortKey = SORT_KEYS[ctx.input.query.sort ?? 'updated_at']!;
  const dir = ctx.input.query.dir === 'asc' ? 1 : -1;
  const orders = sim.triggerV2
    .ordersOf(wallet)
    .map((o) => refreshOrder(sim, o))
    .filter((o) => state === undefined || (state === 'active') === ACTIVE_STATES.has(o.orderState))
    .filter((o) => mint === undefined || o.inputMint === mint || o.outputMint === mint || o.triggerMint === mint)
    .sort((a, b) => dir * (sortKey(a) - sortKey(b)) || (a.id < b.id ? -dir : a.id > b.id ? dir : 0));
  return {
    body: {
      orders: orders.slice(offset, offset + limit).map(orderRecord),
      pagination: { total: orders.length, limit, offset },
    },
  };
};
