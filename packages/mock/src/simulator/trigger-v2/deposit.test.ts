// The deposit craft's conditional rule (`orderSubType` when `orderType` is `price`) is the spec's
// `x-required-when` of the request, read by the simulator: one rule, in one place.
import { describe, expect, it } from 'vitest';
import { loadSpec } from '@x/openapi/reader';
import { call, createTestWallet, login, makeSimulator, NATIVE, STABLECOIN } from '../test-support/harness.js';

const schema = (loadSpec().components?.schemas?.TriggerV2DepositCraftRequest ?? {}) as Record<string, unknown>;
const rule = schema['x-required-when'] as { orderType?: Record<string, string[]> } | undefined;
const cases = Object.entries(rule?.orderType ?? {}).flatMap(([type, fields]) => fields.map((field) => [type, field] as const));
// A complete deposit of each order type the rule names.
const FULL: Record<string, Record<string, unknown>> = { price: { orderType: 'price', orderSubType: 'single' } };

async function session() {
  const sim = makeSimulator();
  const wallet = await createTestWallet();
  const token = await login(sim, wallet);
  await call(sim, 'GET', '/trigger/v2/vault/register', { token });
  const craft = (fields: Record<string, unknown>) =>
    call(sim, 'POST', '/trigger/v2/deposit/craft', {
      token,
      body: { userAddress: wallet.address, inputMint: NATIVE, outputMint: STABLECOIN, amount: '100000000', ...fields },
    });
  return { craft };
}

describe("the fields each order type requires of a deposit are the spec's (x-required-when of the deposit craft request)", () => {
  it('the spec states that a price order needs orderSubType', () => {
    expect(rule?.orderType).toEqual({ price: ['orderSubType'] });
  });

  it.each(cases)('%s: a deposit without %s is refused with 400, naming it in details (as the service does)', async (type, field) => {
    const { craft } = await session();
    expect((await craft(FULL[type]!)).status).toBe(200);
    const { status, body } = await craft({ ...FULL[type], [field]: undefined });
    expect([status, body]).toEqual([400, { error: 'Request validation failed', details: { [field]: `Required for ${type} orders` } }]);
  });

  it('an order type the rule does not name needs none of its fields', async () => {
    const { craft } = await session();
    for (const orderType of ['dca', 'a_later_kind', 'toString', '__proto__', 'constructor'])
      expect((await craft({ orderType })).status, orderType).toBe(200);
  });
});
