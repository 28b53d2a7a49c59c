// Many trigger v2 lifecycles in parallel against one simulator: challenge -> verify (Ed25519
// signature from WebCrypto keys) -> register vault -> deposit craft -> create order -> cancel
// (400 until ready, then the withdrawal) -> confirm. Afterwards every wallet sees exactly its own
// orders, in the right states: nothing lost, nothing crossed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Flow } from '../contract/support/flows.js';
import { send } from '../contract/support/http.js';
import { loadCreateSimulator, startSimulator, type RunningSimulator } from '../contract/support/simulator.js';
import { responseViolations } from '../contract/support/spec-validator.js';

const WALLETS = Number(process.env.CONCURRENCY_WALLETS ?? 40);
const ORDERS_PER_WALLET = 3;

interface OrderRecord {
  id: string;
  orderState: string;
  userPubkey: string;
}

const createSimulator = await loadCreateSimulator();

describe.runIf(createSimulator !== undefined)('concurrency: trigger v2 lifecycles in parallel', () => {
  let running: RunningSimulator;
  const violations: string[] = [];

  beforeAll(async () => {
    running = await startSimulator({ seed: 42 });
  });
  afterAll(async () => {
    await running?.close();
  });

  it(`${WALLETS} wallets x ${ORDERS_PER_WALLET} orders: no lost or crossed orders`, async () => {
    const options = {
      baseUrl: running.url,
      apiKey: 'concurrency-key',
      // Each order is made ready on its own: 40 flows moving one shared clock would push each
      // other's deposits and withdrawals past their blockhash, as that much time would on a chain.
      markReadyToCancel: (orderId: string) => running.simulator.control.markReadyToCancel(orderId),
      now: () => running.now(),
      observe: (operationId: string, _call: unknown, answer: Parameters<typeof responseViolations>[1]) => {
        for (const v of responseViolations(operationId, answer)) violations.push(`${operationId} ${answer.status}: ${v}`);
      },
    };
    const flows = await Promise.all(Array.from({ length: WALLETS }, () => Flow.create(options)));

    // Every wallet runs its whole lifecycle at the same time as the others; its own orders are
    // also created and cancelled concurrently.
    const outcomes = await Promise.all(
      flows.map(async (flow) => {
        await flow.login(flows.indexOf(flow) % 2 === 0 ? 'message' : 'transaction');
        await flow.ensureVault();
        const created = await Promise.all(
          Array.from({ length: ORDERS_PER_WALLET }, (_, i) =>
            flow.createOrder({ triggerPriceUsd: 170 + i, amount: String(100_000_000 + i) }),
          ),
        );
        const [keep, ...toCancel] = created;
        const confirmed = await Promise.all(
          toCancel.map(async (order) => {
            const call = await flow.confirmCancelCall(order.id);
            return flow.expect<{ id: string; txSignature: string }>('triggerV2ConfirmCancelPriceOrder', call, 200);
          }),
        );
        return { flow, created, keep: keep!, toCancel, confirmed };
      }),
    );

    const allIds = outcomes.flatMap((o) => o.created.map((c) => c.id));
    expect(new Set(allIds).size).toBe(WALLETS * ORDERS_PER_WALLET);

    for (const { flow, created, keep, toCancel, confirmed } of outcomes) {
      // Confirm-cancel answered for the order it was asked about.
      expect(confirmed.map((c) => c.id).sort()).toEqual(toCancel.map((o) => o.id).sort());

      const history = await flow.expect<{ orders: OrderRecord[]; pagination: { total: number } }>(
        'triggerV2GetOrderHistory',
        flow.historyCall({ limit: 100 }),
        200,
      );
      const mine = history.orders;
      expect(mine.every((o) => o.userPubkey === flow.wallet.address)).toBe(true);
      expect(mine.map((o) => o.id).sort()).toEqual(created.map((o) => o.id).sort());
      expect(history.pagination.total).toBe(ORDERS_PER_WALLET);
      const state = new Map(mine.map((o) => [o.id, o.orderState]));
      expect(state.get(keep.id)).toBe('open');
      for (const order of toCancel) expect(state.get(order.id)).toBe('cancelled');

      // One order by id, through the same endpoint.
      const one = await flow.expect<{ orders: OrderRecord[] }>('triggerV2GetOrderHistory', flow.historyCall({ id: keep.id }), 200);
      expect(one.orders.map((o) => o.id)).toEqual([keep.id]);
    }

    // Crossing check: a wallet may neither cancel nor read another wallet's order.
    const [a, b] = outcomes;
    const foreignCancel = await send(running.url, a!.flow.cancelCall(b!.keep.id));
    expect(foreignCancel.status).toBe(403);
    const foreignRead = await send(running.url, a!.flow.historyCall({ id: b!.keep.id }));
    expect([403, 404]).toContain(foreignRead.status);

    expect(violations).toEqual([]);
  });
});
