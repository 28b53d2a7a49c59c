// The control API over HTTP (for clients in other languages, the CLI and the explorer page):
// POST /__control/<action> with a JSON body; GET /__control/<read> (state, balance, upstream and
// the reads of READS). Not part of the spec. Every body is checked (known fields only, each of its
// type) before the action runs; the action checks ranges before it changes any state. Refused
// input answers 400 {error}.
import type { SimulatorControl } from './control.js';
import { jsonResponse } from './respond.js';
import type { SimRequest, SimResponse } from './types.js';

export const CONTROL_PREFIX = '/__control/';

type Body = Record<string, unknown>;
type Kind = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'amount' | 'time';

/** The fields of an action's body: kind, and whether it may be left out. */
type Fields = Record<string, { kind: Kind; optional?: true }>;

const KIND_TEXT: Record<Kind, string> = {
  string: 'a non-empty string',
  number: 'a finite number',
  integer: 'an integer',
  boolean: 'a boolean',
  array: 'an array',
  amount: 'an integer string, an integer or null',
  time: 'epoch milliseconds or an ISO 8601 string',
};

function hasKind(value: unknown, kind: Kind): boolean {
  switch (kind) {
    case 'string':
      return typeof value === 'string' && value !== '';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isSafeInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'amount':
      return value === null || (typeof value === 'string' && value !== '') || Number.isSafeInteger(value);
    case 'time':
      return (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value !== '');
  }
}

/** Checks every field's presence and type, and refuses fields the action does not know. */
function checkBody(body: Body, fields: Fields): void {
  for (const key of Object.keys(body)) {
    if (!Object.hasOwn(fields, key))
      throw new RangeError(`unknown field ${key} (expected ${Object.keys(fields).join(', ') || 'no fields'})`);
  }
  for (const [key, { kind, optional }] of Object.entries(fields)) {
    if (!(key in body)) {
      if (optional) continue;
      throw new RangeError(`${key} (${KIND_TEXT[kind]}) is required`);
    }
    if (!hasKind(body[key], kind)) throw new RangeError(`${key} must be ${KIND_TEXT[kind]}`);
  }
}

interface Action {
  fields: Fields;
  /** Runs with a body whose fields were checked; the control method checks ranges before it changes anything. */
  run(control: SimulatorControl, body: Body): void;
}

const ORDER: Fields = { orderId: { kind: 'string' } };
const s = (body: Body, key: string): string => body[key] as string;

const ACTIONS: Record<string, Action> = {
  'advance-time': { fields: { ms: { kind: 'number' } }, run: (c, b) => c.advanceTime(b.ms as number) },
  'set-time': { fields: { time: { kind: 'time' } }, run: (c, b) => c.setTime(b.time as number | string) },
  'mark-ready-to-cancel': { fields: ORDER, run: (c, b) => c.markReadyToCancel(s(b, 'orderId')) },
  'fill-order': { fields: ORDER, run: (c, b) => c.fillOrder(s(b, 'orderId')) },
  'expire-order': { fields: ORDER, run: (c, b) => c.expireOrder(s(b, 'orderId')) },
  'set-order-state': {
    fields: { ...ORDER, state: { kind: 'string' } },
    run: (c, b) => c.setOrderState(s(b, 'orderId'), s(b, 'state') as never),
  },
  'set-balance': {
    fields: { wallet: { kind: 'string' }, mint: { kind: 'string' }, amount: { kind: 'amount' } },
    run: (c, b) => c.setBalance(s(b, 'wallet'), s(b, 'mint'), b.amount as string | number | null),
  },
  'set-price': { fields: { mint: { kind: 'string' }, usd: { kind: 'number' } }, run: (c, b) => c.setPrice(s(b, 'mint'), b.usd as number) },
  'inject-fault': {
    fields: { operationId: { kind: 'string' }, status: { kind: 'integer' }, times: { kind: 'integer', optional: true } },
    run: (c, b) => c.injectFault(s(b, 'operationId'), b.status as number, b.times as number | undefined),
  },
  'clear-faults': {
    fields: { operationId: { kind: 'string', optional: true } },
    run: (c, b) => c.clearFaults(b.operationId as string | undefined),
  },
  'set-trading-active': { fields: { active: { kind: 'boolean' } }, run: (c, b) => c.setTradingActive(b.active as boolean) },
  'set-token-verification': {
    fields: { tokenId: { kind: 'string' }, exists: { kind: 'boolean', optional: true }, verified: { kind: 'boolean', optional: true } },
    run: (c, b) =>
      c.setTokenVerification(s(b, 'tokenId'), {
        ...(b.exists !== undefined ? { exists: b.exists as boolean } : {}),
        ...(b.verified !== undefined ? { verified: b.verified as boolean } : {}),
      }),
  },
  'set-stake': {
    fields: { address: { kind: 'string' }, stakedAmount: { kind: 'number' }, unstaking: { kind: 'array', optional: true } },
    run: (c, b) =>
      c.setStake(s(b, 'address'), b.stakedAmount as number, b.unstaking as Array<{ amount: number; until: number }> | undefined),
  },
  'set-key-areas': {
    fields: { apiKey: { kind: 'string' }, areas: { kind: 'array', optional: true } },
    run: (c, b) => c.setKeyAreas(s(b, 'apiKey'), b.areas as string[] | undefined),
  },
  reset: { fields: {}, run: (c) => c.reset() },
};

/** An optional integer query parameter; RangeError when it is not one. */
function intParam(query: URLSearchParams, name: string): number | undefined {
  const value = query.get(name);
  if (value === null) return undefined;
  if (!/^\d{1,15}$/.test(value)) throw new RangeError(`${name} must be a non-negative integer`);
  return Number(value);
}

/** The `wallet` and `limit` query parameters, as the reads take them (absent ones left out). */
function walletAndLimit(query: URLSearchParams): { wallet?: string; limit?: number } {
  const wallet = query.get('wallet');
  const limit = intParam(query, 'limit');
  return { ...(wallet !== null ? { wallet } : {}), ...(limit !== undefined ? { limit } : {}) };
}

/** The reads the explorer page makes (GET, query parameters only). */
const READS: Record<string, (control: SimulatorControl, query: URLSearchParams) => SimResponse> = {
  wallets: (c, q) => jsonResponse(200, c.wallets(intParam(q, 'limit'))),
  orders: (c, q) => jsonResponse(200, c.orders(walletAndLimit(q))),
  lend: (c, q) => jsonResponse(200, c.lend(walletAndLimit(q))),
  transactions: (c, q) => jsonResponse(200, c.transactions(walletAndLimit(q))),
  journal: (c, q) => {
    const limit = intParam(q, 'limit');
    const afterId = intParam(q, 'afterId');
    return jsonResponse(200, c.journal({ ...(limit !== undefined ? { limit } : {}), ...(afterId !== undefined ? { afterId } : {}) }));
  },
  'journal.har': (c, q) => {
    const ids = q.get('ids');
    if (ids !== null && !/^\d{1,15}(,\d{1,15})*$/.test(ids)) throw new RangeError('ids must be comma-separated journal entry ids');
    const har = c.journalHar(ids === null ? undefined : ids.split(',').map(Number));
    return jsonResponse(200, har, { 'content-disposition': 'attachment; filename="x-mock-journal.har"' });
  },
  history: (c) => jsonResponse(200, c.valueHistory()),
};

export function handleControl(control: SimulatorControl, request: SimRequest): SimResponse | Promise<SimResponse> {
  const action = request.path.slice(CONTROL_PREFIX.length);
  // A HEAD is its GET (the server sends no body for it).
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  if (method === 'GET' && action === 'upstream') return jsonResponse(200, control.upstream());
  // Own entries only: a path such as /__control/toString names no action.
  const read = Object.hasOwn(READS, action) ? READS[action] : undefined;
  if (read) {
    if (method !== 'GET') return jsonResponse(405, { error: 'use GET' }, { allow: 'GET' });
    try {
      return read(control, request.query);
    } catch (e) {
      if (e instanceof RangeError) return jsonResponse(400, { error: e.message });
      return jsonResponse(500, { error: `control read ${action} failed: ${(e as Error).message}` });
    }
  }
  if (action === 'poll-market') {
    if (method !== 'POST') return jsonResponse(405, { error: 'use POST' }, { allow: 'POST' });
    return control.pollMarket().then(
      (report) => jsonResponse(200, { ok: true, now: new Date(control.now()).toISOString(), ...report }),
      (e: unknown) => jsonResponse(500, { error: `control action poll-market failed: ${(e as Error).message}` }),
    );
  }
  if (action === 'send-transaction') {
    if (method !== 'POST') return jsonResponse(405, { error: 'use POST' }, { allow: 'POST' });
    let body: Body;
    try {
      body = JSON.parse(request.bodyText || '{}') as Body;
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw new RangeError('body must be a JSON object');
      checkBody(body, { signedTransaction: { kind: 'string' } });
    } catch (e) {
      return jsonResponse(400, { error: e instanceof RangeError ? e.message : 'body is not valid JSON' });
    }
    return control.sendTransaction(s(body, 'signedTransaction')).then(
      ({ signature }) => jsonResponse(200, { ok: true, now: new Date(control.now()).toISOString(), signature }),
      (e: unknown) =>
        e instanceof RangeError
          ? jsonResponse(400, { error: e.message })
          : jsonResponse(500, { error: `control action send-transaction failed: ${(e as Error).message}` }),
    );
  }
  if (method === 'GET' && action === 'state') {
    return jsonResponse(200, {
      now: new Date(control.now()).toISOString(),
      nowMs: control.now(),
      actions: [...Object.keys(ACTIONS), 'poll-market', 'send-transaction'],
      reads: ['state', 'balance', 'upstream', ...Object.keys(READS)],
    });
  }
  if (method === 'GET' && action === 'balance') {
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
  const run = Object.hasOwn(ACTIONS, action) ? ACTIONS[action] : undefined;
  if (!run) return jsonResponse(404, { error: `unknown control action ${action}`, actions: Object.keys(ACTIONS) });
  if (method !== 'POST') return jsonResponse(405, { error: 'use POST' }, { allow: 'POST' });
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
    checkBody(body, run.fields);
    run.run(control, body);
  } catch (e) {
    // Input the action refuses; anything else is a fault of the simulator (500, not hidden as a 400).
    if (e instanceof RangeError) return jsonResponse(400, { error: e.message });
    return jsonResponse(500, { error: `control action ${action} failed: ${(e as Error).message}` });
  }
  return jsonResponse(200, { ok: true, now: new Date(control.now()).toISOString() });
}
