// Breaking and additive drift, on fixture schemas of the shape the generator emits for the spec's
// forms (an open response enum is `anyOf: [{ enum }, { type, x-unknown-enum-value: true }]`,
// generated as `v.union([v.picklist([...]), v.string()])`).
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { driftOf } from './drift.js';

const vRouter = v.union([v.picklist(['router_onchain', 'router_rfq']), v.string()]);
const vOrder = v.object({
  status: v.union([v.picklist(['Success', 'Failed']), v.string()]),
  code: v.union([v.picklist([0, -1, -1005]), v.pipe(v.number(), v.integer())]),
  router: v.optional(vRouter),
  price: v.nullable(v.number()),
  fills: v.optional(v.array(v.object({ side: v.union([v.picklist(['buy', 'sell']), v.string()]), amount: v.string() }))),
  // A closed enum stays closed (a request echo, say): an unknown value is breaking.
  kind: v.optional(v.picklist(['market', 'limit'])),
});
const order = { status: 'Success', code: 0, router: 'router_rfq', price: 1.5, fills: [{ side: 'buy', amount: '10' }], kind: 'market' };

describe('drift', () => {
  it('none for a body that matches', async () => {
    expect(await driftOf(vOrder, order)).toEqual([]);
    expect(await driftOf(vOrder, { ...order, price: null, router: undefined, fills: [] })).toEqual([]);
  });

  it('additive: an unknown value of an open string or number enum, at any depth', async () => {
    const issues = await driftOf(vOrder, {
      ...order,
      status: 'Expired',
      code: -2004,
      router: 'router_new',
      fills: [{ side: 'hold', amount: '1' }],
    });
    expect(issues).toEqual([
      { path: 'status', message: '"Expired" is not one of the known values (Success, Failed)', kind: 'additive' },
      { path: 'code', message: '-2004 is not one of the known values (0, -1, -1005)', kind: 'additive' },
      { path: 'router', message: '"router_new" is not one of the known values (router_onchain, router_rfq)', kind: 'additive' },
      { path: 'fills.0.side', message: '"hold" is not one of the known values (buy, sell)', kind: 'additive' },
    ]);
  });

  it('additive: a field the spec does not list, at any depth', async () => {
    const issues = await driftOf(vOrder, { ...order, feeBps: 5, fills: [{ side: 'sell', amount: '1', venue: 'v' }] });
    expect(issues).toEqual([
      { path: 'fills.0.venue', message: 'a field the spec does not list', kind: 'additive' },
      { path: 'feeBps', message: 'a field the spec does not list', kind: 'additive' },
    ]);
  });

  it('breaking: a wrong type (an open enum included) or a missing required field', async () => {
    const wrongType = await driftOf(vOrder, { ...order, status: 7 });
    expect(wrongType).toEqual([expect.objectContaining({ path: 'status', kind: 'breaking' })]);
    const wrongNumber = await driftOf(vOrder, { ...order, code: 'zero' });
    expect(wrongNumber).toEqual([expect.objectContaining({ path: 'code', kind: 'breaking' })]);
    const missing = await driftOf(vOrder, { code: 0, price: 1 });
    expect(missing).toEqual([expect.objectContaining({ path: 'status', kind: 'breaking' })]);
    const nullPrice = await driftOf(vOrder, { ...order, price: 'n/a' });
    expect(nullPrice).toEqual([expect.objectContaining({ path: 'price', kind: 'breaking' })]);
  });

  it('breaking: a value outside a closed enum', async () => {
    expect(await driftOf(vOrder, { ...order, kind: 'stop' })).toEqual([expect.objectContaining({ path: 'kind', kind: 'breaking' })]);
  });

  it('reads a union of shapes against the option that accepts the value', async () => {
    const vEither = v.union([v.object({ a: v.string() }), v.object({ b: v.number() })]);
    expect(await driftOf(vEither, { b: 1, c: true })).toEqual([{ path: 'c', message: 'a field the spec does not list', kind: 'additive' }]);
  });
});
