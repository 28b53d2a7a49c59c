// Trigger v2 answers 403 itself when a request touches what another wallet owns (the service
// description, Authentication 4: the wallet of a deposit or an order, and "cancelling an order of
// another wallet returns 403"; the service's own OpenAPI file also declares it for update and for
// confirm-cancel). The gateway answers 403 too, in its own body. So every operation on a wallet's
// deposit or orders declares a 403 whose body is either: the area's `{error}` or the gateway's
// `{code, message}`; a type or validator that allowed only one would misread the other.
import { describe, expect, it } from 'vitest';
import { deref, operations } from './bundled-spec.ts';
import { validate } from './validator.ts';

const OWNED = [
  'triggerV2CraftDeposit',
  'triggerV2CreatePriceOrder',
  'triggerV2UpdatePriceOrder',
  'triggerV2CancelPriceOrder',
  'triggerV2ConfirmCancelPriceOrder',
  'triggerV2GetOrderHistory',
];

const forbiddenSchema = (operationId: string) => {
  const op = operations().find((o) => o.op.operationId === operationId);
  if (!op) throw new Error(`no operation ${operationId}`);
  return deref(deref(op.op.responses['403']).content['application/json']).schema;
};

describe('trigger v2 ownership 403s', () => {
  it("each states only its own cause: the body schema and the gateway's example are shared, written once", () => {
    for (const operationId of OWNED) {
      const media = deref(operations().find((o) => o.op.operationId === operationId)!.op.responses['403']).content['application/json'];
      expect(media.schema.$ref, operationId).toBe('#/components/schemas/TriggerV2ForbiddenError');
      expect(media.examples.keyWithoutAccess.$ref, operationId).toBe('#/components/examples/GatewayKeyWithoutAccess');
    }
  });

  it.each(OWNED)("%s: its 403 body is the area's {error} or the gateway's {code, message}", (operationId) => {
    const schema = forbiddenSchema(operationId);
    expect(validate(schema, { error: 'Order belongs to a different wallet' }), 'the area').toEqual([]);
    expect(validate(schema, { code: 403, message: 'API key does not have access to this endpoint' }), 'the gateway').toEqual([]);
  });

  it('each 403 has an example of both bodies', () => {
    for (const operationId of OWNED) {
      const op = operations().find((o) => o.op.operationId === operationId)!;
      const examples = Object.values(deref(deref(op.op.responses['403']).content['application/json']).examples ?? {}).map(
        (e) => deref(e).value as Record<string, unknown>,
      );
      expect(
        examples.some((v) => typeof v.error === 'string'),
        `${operationId}: the area's body`,
      ).toBe(true);
      expect(
        examples.some((v) => v.code === 403),
        `${operationId}: the gateway's body`,
      ).toBe(true);
    }
  });
});
