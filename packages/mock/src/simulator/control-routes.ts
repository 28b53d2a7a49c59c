// The control API over HTTP (for clients in other languages and for the CLI):
// POST /__control/<action> with a JSON body, GET /__control/state. Not part of the spec.
import type { SimulatorControl } from './control.js';
import { jsonResponse } from './respond.js';
import type { SimRequest, SimResponse } from './types.js';

export const CONTROL_PREFIX = '/__control/';

type Body = Record<string, unknown>;
const str = (body: Body, key: string): string => {
  const v = body[key];
  if (typeof v !== 'string' || v === '') throw new RangeError(`${key} (string) is required`);
  return v;
};
const num = (body: Body, key: string): number => {
  const v = body[key];
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new RangeError(`${key} (number) is required`);
  return v;
};

const ACTIONS: Record<string, (control: SimulatorControl, body: Body) => void> = {
  'advance-time': (c, b) => c.advanceTime(num(b, 'ms')),
  'set-time': (c, b) => c.setTime(typeof b.time === 'number' ? b.time : str(b, 'time')),
  'mark-ready-to-cancel': (c, b) => c.markReadyToCancel(str(b, 'orderId')),
  'fill-order': (c, b) => c.fillOrder(str(b, 'orderId')),
  'expire-order': (c, b) => c.expireOrder(str(b, 'orderId')),
  'set-order-state': (c, b) => c.setOrderState(str(b, 'orderId'), str(b, 'state') as never),
  'set-balance': (c, b) => {
    const amount = b.amount;
    if (amount !== null && typeof amount !== 'string' && typeof amount !== 'number') throw new RangeError('amount (string, number or null) is required');
    c.setBalance(str(b, 'wallet'), str(b, 'mint'), amount);
  },
  'set-price': (c, b) => c.setPrice(str(b, 'mint'), num(b, 'usd')),
  'inject-fault': (c, b) => c.injectFault(str(b, 'operationId'), num(b, 'status'), typeof b.times === 'number' ? b.times : undefined),
  'clear-faults': (c, b) => c.clearFaults(typeof b.operationId === 'string' ? b.operationId : undefined),
  'set-trading-active': (c, b) => {
    if (typeof b.active !== 'boolean') throw new RangeError('active (boolean) is required');
    c.setTradingActive(b.active);
  },
  'set-token-verification': (c, b) =>
    c.setTokenVerification(str(b, 'tokenId'), {
      ...(typeof b.exists === 'boolean' ? { exists: b.exists } : {}),
      ...(typeof b.verified === 'boolean' ? { verified: b.verified } : {}),
    }),
  'set-stake': (c, b) => {
    const unstaking = b.unstaking ?? [];
    if (!Array.isArray(unstaking)) throw new RangeError('unstaking (array of {amount, until}) must be an array');
    c.setStake(
      str(b, 'address'),
      num(b, 'stakedAmount'),
      unstaking.map((entry: unknown, i) => {
        const e = (entry ?? {}) as Body;
        if (typeof e.amount !== 'number' || typeof e.until !== 'number') throw new RangeError(`unstaking[${i}] needs amount (number) and until (epoch ms)`);
        return { amount: e.amount, until: e.until };
      }),
    );
  },
  reset: (c) => c.reset(),
};

export function handleControl(control: SimulatorControl, request: SimRequest): SimResponse {
  const action = request.path.slice(CONTROL_PREFIX.length);
  if (request.method === 'GET' && action === 'state') {
    return jsonResponse(200, { now: new Date(control.now()).toISOString(), nowMs: control.now(), actions: Object.keys(ACTIONS) });
  }
  if (request.method === 'GET' && action === 'balance') {
    const wallet = request.query.get('wallet');
    const mint = request.query.get('mint');
    if (!wallet || !mint) return jsonResponse(400, { error: 'wallet and mint query parameters are required' });
    try {
      const balance = control.getBalance(wallet, mint);
      return jsonResponse(200, { wallet, mint, amount: balance === null ? null : balance.toString() });
    } catch (e) {
      return jsonResponse(400, { error: (e as Error).message });
    }
  }
  const run = ACTIONS[action];
  if (!run) return jsonResponse(404, { error: `unknown control action ${action}`, actions: Object.keys(ACTIONS) });
  if (request.method !== 'POST') return jsonResponse(405, { error: 'use POST' }, { allow: 'POST' });
  let body: Body = {};
  if (request.bodyText.trim() !== '') {
    try {
      const parsed = JSON.parse(request.bodyText) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Body;
      else return jsonResponse(400, { error: 'body must be a JSON object' });
    } catch {
      return jsonResponse(400, { error: 'body is not valid JSON' });
    }
  }
  try {
    run(control, body);
  } catch (e) {
    return jsonResponse(400, { error: (e as Error).message });
  }
  return jsonResponse(200, { ok: true, now: new Date(control.now()).toISOString() });
}
