// Open request values (spec/README.md, "Values naming outside parties stay open in requests"):
// a request enum whose values name parties or kinds the service extends over time (providers,
// venues and routers, categories, order types, payment currencies) keeps its known values but accepts unknown ones,
// in the one open form, on a schema marked `x-open-values: <kind>`; every other request enum is a
// plain closed `enum`.
import { describe, expect, it } from 'vitest';
import { operations, type Json } from './bundled-spec.ts';
import { schemasOf, type SchemaVisit } from './schema-walk.ts';
import { validate } from './validator.ts';

const MARK = 'x-unknown-enum-value';
const OPEN = 'x-open-values';
/** The kinds of values that stay open in requests. */
const KINDS = ['provider', 'venue', 'category', 'order-type', 'currency'];
/** Stand-in names of outside parties (spec/README.md, Naming rules). */
const OUTSIDE_PARTY = /^(provider|router)_[a-z0-9]+$/;

const hasEnum = (s: Json) => Array.isArray(s?.enum);

/** Why the request-side schemas break the rule, one line per problem. */
export function openRequestValueProblems(visits: readonly SchemaVisit[]): string[] {
  const problems: string[] = [];
  for (const v of visits) {
    const { schema, parent, pointer } = v;
    if (schema[OPEN] !== undefined) {
      if (!KINDS.includes(schema[OPEN])) problems.push(`${pointer}: ${OPEN} is one of ${KINDS.join(', ')}, not ${schema[OPEN]}`);
      const branches: Json[] = Array.isArray(schema.anyOf) ? schema.anyOf : [];
      const known = branches.filter(hasEnum);
      const unknown = branches.filter((b) => b[MARK] === true);
      if (known.length !== 1 || unknown.length !== 1 || branches.length !== 2)
        problems.push(`${pointer}: ${OPEN} needs anyOf [{ type, enum }, { type, ${MARK}: true }]`);
      else if (known[0].type !== unknown[0].type || Object.keys(unknown[0]).some((k) => k !== 'type' && k !== MARK))
        problems.push(`${pointer}: the ${MARK} branch must be { type: ${known[0].type}, ${MARK}: true }`);
    }
    const inOpenForm = parent?.keyword === 'anyOf' && parent.schema[OPEN] !== undefined;
    if (schema[MARK] !== undefined && !inOpenForm) problems.push(`${pointer}: ${MARK} on the request side outside an ${OPEN} schema`);
    if (hasEnum(schema) && !inOpenForm && schema.enum.some((value: unknown) => typeof value === 'string' && OUTSIDE_PARTY.test(value)))
      problems.push(`${pointer}: a request enum naming outside parties (${schema.enum.join(', ')}) must be open`);
  }
  return problems;
}

const request = schemasOf('request');

describe('open request values', () => {
  it('every request enum naming an outside party is open, in the one form; no other request enum is', () => {
    expect(openRequestValueProblems(request)).toEqual([]);
    const open = request.filter((v) => v.schema[OPEN] !== undefined).map((v) => v.schema[OPEN]);
    expect([...new Set(open)].sort()).toEqual(['category', 'currency', 'order-type', 'provider']);
    // Everything else stays strict: closed enums remain (sort orders, fee types, order states...).
    const closed = request.filter((v) => hasEnum(v.schema) && !(v.parent?.keyword === 'anyOf' && v.parent.schema[OPEN] !== undefined));
    expect(closed.length).toBeGreaterThan(5);
    for (const v of closed)
      expect(v.parent?.keyword === 'anyOf' && v.parent.schema.anyOf.some((b: Json) => b[MARK]), v.pointer).toBe(false);
  });

  it('the rule fails on a closed provider enum, a stray marker and a malformed open form', () => {
    const closedProvider: SchemaVisit = { pointer: '#/x', schema: { type: 'string', enum: ['provider_a', 'provider_b'] } };
    const stray: SchemaVisit = { pointer: '#/y', schema: { type: 'string', [MARK]: true } };
    const malformed: SchemaVisit = { pointer: '#/z', schema: { [OPEN]: 'provider', type: 'string', enum: ['provider_a'] } };
    const badKind: SchemaVisit = {
      pointer: '#/w',
      schema: {
        [OPEN]: 'colour',
        anyOf: [
          { type: 'string', enum: ['red'] },
          { type: 'string', [MARK]: true },
        ],
      },
    };
    const problems = openRequestValueProblems([closedProvider, stray, malformed, badKind]);
    expect(problems.filter((p) => p.startsWith('#/x:'))).toEqual([expect.stringMatching(/must be open/)]);
    expect(problems.filter((p) => p.startsWith('#/y:'))).toEqual([expect.stringMatching(/outside an x-open-values schema/)]);
    expect(problems.filter((p) => p.startsWith('#/z:'))).toEqual([
      expect.stringMatching(/needs anyOf/),
      expect.stringMatching(/must be open/),
    ]);
    expect(problems.filter((p) => p.startsWith('#/w:'))).toEqual([expect.stringMatching(/is one of provider, venue/)]);
  });

  const parameter = (operationId: string, name: string) => {
    const op = operations().find((o) => o.op.operationId === operationId);
    const p = op?.parameters.find((x) => x.name === name);
    if (!p) throw new Error(`${operationId} has no parameter ${name}`);
    return p.schema as Json;
  };
  const body = (operationId: string) => {
    const op = operations().find((o) => o.op.operationId === operationId);
    return op?.op.requestBody?.content?.['application/json']?.schema as Json;
  };

  it('a provider the service description does not list is accepted; a value of another type is not', () => {
    const provider = parameter('predictionListEvents', 'provider');
    expect(validate(provider, 'provider_d')).toEqual([]);
    expect(validate(provider, 'provider_new')).toEqual([]);
    expect(validate(provider, 42)).not.toEqual([]);
    const category = parameter('predictionListEvents', 'category');
    expect(validate(category, 'weather')).toEqual([]);
  });

  it('a deposit for an order type beyond price needs no orderSubType (the price rule is its x-required-when)', () => {
    const schema = body('triggerV2CraftDeposit');
    const base = {
      userAddress: 'EwV78VBLEhDmtkHxBv6hcTBjrfhbM8b3n1cCELt4imKg',
      inputMint: 'So11111111111111111111111111111111111111112',
      outputMint: '7gQqK6wWf1gAc7f2R4oQ18Q4m6Vazr1umgktSGsnJZny',
      amount: '1000000000',
    };
    expect(validate(schema, { ...base, orderType: 'dca' })).toEqual([]);
    expect(validate(schema, { ...base, orderType: 'a_later_kind' })).toEqual([]);
    expect(validate(schema, { ...base, orderType: 'price', orderSubType: 'oco' })).toEqual([]);
    expect(validate(schema, { ...base, orderType: 'price', orderSubType: 'a_later_kind' })).not.toEqual([]);
  });

  it('an express payment currency the service added after the known ones is accepted, at craft and at execute', () => {
    const craft = parameter('tokensCraftExpressTransaction', 'paymentCurrency');
    expect(validate(craft, 'STABLECOIN_USD')).toEqual([]);
    expect(validate(craft, 'A_LATER_COIN')).toEqual([]);
    expect(validate(craft, 42)).not.toEqual([]);
    // The spec's own example of a swapped payment, paid in a later currency.
    const op = operations().find((o) => o.op.operationId === 'tokensExecuteExpress');
    const example = op?.op.requestBody?.content?.['application/json']?.examples?.stablecoinPayment?.value as Json;
    expect(example?.paymentCurrency).toBe('STABLECOIN_USD');
    expect(validate(body('tokensExecuteExpress'), { ...example, paymentCurrency: 'A_LATER_COIN' })).toEqual([]);
  });

  it('other request values stay strict', () => {
    expect(validate(parameter('predictionListEvents', 'sortDirection'), 'sideways')).not.toEqual([]);
  });
});
