// The spec's own extensions that other packages read instead of keeping a copy of the fact:
// x-rate-limit-bucket, the `outcome` of each swap execute code, x-pagination, x-price-setting,
// x-market-data, x-waiter, x-agent-summary, x-required-when, x-express-payment, x-automatic-priority-fee, x-sign-in, x-already-exists (x-example-values has its own test). Each is checked against the schemas it describes.
import { describe, expect, it } from 'vitest';
import { deref, operations, schemasAt, spec, type Json } from './bundled-spec.ts';

const ops = operations();
const byId = (id: string) => ops.find((o) => o.op.operationId === id)!;
/** The component schemas that use an extension anywhere inside them. */
const schemasUsing = (extension: string) =>
  Object.entries(spec.components.schemas as Record<string, Json>)
    .filter(([, schema]) => JSON.stringify(schema).includes(`"${extension}"`))
    .map(([name]) => name);

describe('x-rate-limit-bucket', () => {
  it('swap execute has its own bucket; every other operation is in the default bucket', () => {
    const marked = ops.filter((o) => 'x-rate-limit-bucket' in o.op).map((o) => [o.op.operationId, o.op['x-rate-limit-bucket']]);
    expect(marked).toEqual([['swapExecute', 'execute']]);
  });
});

describe('x-error-codes outcome of swap execute', () => {
  const codes: Json[] = deref(spec.components.schemas.SwapExecuteResponse).properties.code['x-error-codes'];
  const expected = (code: number) =>
    code === 0 ? 'success' : [-1005, -2003].includes(code) ? 'expired' : [-1001, -1006, -2001].includes(code) ? 'pending' : 'failed';

  it('every code has its outcome', () => {
    expect(codes.length).toBeGreaterThan(10);
    expect(codes.filter((c) => c.outcome !== expected(c.code)).map((c) => `${c.code}: ${c.outcome}`)).toEqual([]);
  });

  it('codes are unique', () => {
    expect(new Set(codes.map((c) => c.code)).size).toBe(codes.length);
  });
});

describe('x-pagination', () => {
  const STYLES: Record<string, { params: string[]; body: string[] }> = {
    'start-end': { params: ['start', 'end'], body: ['pagination.start', 'pagination.hasNext'] },
    'offset-limit': { params: ['offset', 'limit'], body: ['pagination.offset', 'pagination.total'] },
    'page-number': { params: ['page'], body: ['page', 'totalPages'] },
  };
  const paged = ops.filter((o) => 'x-pagination' in o.op);

  it('marks the three paged operations', () => {
    expect(paged.map((o) => o.op.operationId).sort()).toEqual([
      'predictionListEvents',
      'triggerV1GetTriggerOrders',
      'triggerV2GetOrderHistory',
    ]);
  });

  it.each(paged.map((o) => [o.op.operationId, o] as const))('%s: the style matches its parameters and body', (_id, o) => {
    const { style, items } = o.op['x-pagination'];
    const rule = STYLES[style];
    expect(rule, `style ${style}`).toBeTruthy();
    for (const p of rule!.params)
      expect(
        o.parameters.some((x) => x.name === p && x.in === 'query'),
        `query ${p}`,
      ).toBe(true);
    const schema = deref(deref(o.op.responses['200']).content['application/json']).schema;
    for (const f of rule!.body) expect(schemasAt(schema, f).length, f).toBeGreaterThan(0);
    expect(
      schemasAt(schema, items).some((s) => deref(s).type === 'array'),
      `${items} is the array of items`,
    ).toBe(true);
  });

  it('predictionListEvents pages data, the trigger v2 history and v1 listing page orders', () => {
    expect(byId('predictionListEvents').op['x-pagination']).toEqual({ style: 'start-end', items: 'data' });
    expect(byId('triggerV2GetOrderHistory').op['x-pagination']).toEqual({ style: 'offset-limit', items: 'orders' });
    expect(byId('triggerV1GetTriggerOrders').op['x-pagination']).toEqual({ style: 'page-number', items: 'orders' });
  });

  it('a page-number answer always carries its page and the number of pages (the list ends by them)', () => {
    for (const o of paged.filter((p) => p.op['x-pagination'].style === 'page-number')) {
      const schema = deref(deref(deref(o.op.responses['200']).content['application/json']).schema);
      expect(schema.required, o.op.operationId).toEqual(expect.arrayContaining(['page', 'totalPages']));
      for (const f of ['page', 'totalPages']) expect(deref(schema.properties[f]).type, f).toBe('integer');
    }
  });

  it('the start-end page says to count the next start from the events received, not from `end` (its inclusiveness is not documented)', () => {
    const text: string = deref(spec.components.schemas.PredictionPagination).description;
    expect(text).toMatch(/number of events/);
    expect(text).not.toMatch(/start`? set past the current `?end/);
  });

  it('a page-number listing numbers its pages from 1: its page parameter says so (minimum 1, default 1)', () => {
    for (const o of paged.filter((p) => p.op['x-pagination'].style === 'page-number')) {
      const page = deref(o.parameters.find((x) => x.name === 'page' && x.in === 'query')!.schema);
      expect({ minimum: page.minimum, default: page.default }, o.op.operationId).toEqual({ minimum: 1, default: 1 });
    }
  });
});

describe('x-waiter', () => {
  const waiting = ops.filter((o) => 'x-waiter' in o.op);
  const body200 = (o: (typeof ops)[number]) => deref(deref(o.op.responses['200']).content['application/json']).schema;

  it('marks the three operations that report an outcome by polling', () => {
    expect(waiting.map((o) => [o.op.operationId, o.op['x-waiter'].name])).toEqual([
      ['swapExecute', 'swapExecute'],
      ['triggerV1GetTriggerOrders', 'triggerV1Order'],
      ['triggerV2GetOrderHistory', 'triggerV2Order'],
    ]);
  });

  it.each(waiting.map((o) => [o.op.operationId, o] as const))('%s: the state is a field of the answer (of the matched item)', (_id, o) => {
    const { state, match, record } = o.op['x-waiter'];
    // A number steps into an array: `orders.0.orderState` is `orders[].orderState` here.
    const path = (state as string).replace(/\.\d+(?=\.|$)/g, '[]');
    const picked = match ?? record;
    const item = picked ? schemasAt(body200(o), `${picked.items}[]`).map(deref) : [body200(o)];
    expect(item.length, 'items').toBeGreaterThan(0);
    expect(item.flatMap((s) => schemasAt(s, path)).length, state).toBeGreaterThan(0);
    if (picked) expect(item.flatMap((s) => schemasAt(s, picked.by)).length, picked.by).toBeGreaterThan(0);
  });

  it('a waiter that picks its record from an array (record) picks it by a query parameter of the request', () => {
    const marked = waiting.filter((w) => w.op['x-waiter'].record);
    expect(marked.map((o) => o.op.operationId)).toEqual(['triggerV2GetOrderHistory']);
    for (const o of marked) {
      const { record, final } = o.op['x-waiter'];
      expect(Object.keys(record).sort()).toEqual(['by', 'items', 'param']);
      expect(o.parameters.some((p) => p.in === 'query' && p.name === record.param)).toBe(true);
      expect(Array.isArray(final)).toBe(true);
    }
  });

  it('a listing waiter (match) names, for final and pending, a query of values its parameters allow', () => {
    for (const o of waiting.filter((w) => w.op['x-waiter'].match)) {
      const { final, pending } = o.op['x-waiter'];
      for (const listing of [final, pending]) {
        expect(Object.keys(listing)).toEqual(['query']);
        for (const [name, value] of Object.entries(listing.query)) {
          const param = o.parameters.find((p) => p.in === 'query' && p.name === name);
          expect(param, name).toBeTruthy();
          expect(deref(param!.schema).enum).toContain(value);
        }
      }
    }
    // A paged listing is walked page by page (its x-pagination): the items it pages are the matched ones.
    for (const o of waiting.filter((w) => w.op['x-waiter'].match && w.op['x-pagination'])) {
      expect(o.op['x-pagination'].items, o.op.operationId).toBe(o.op['x-waiter'].match.items);
    }
    expect(byId('triggerV1GetTriggerOrders').op['x-waiter']).toMatchObject({
      match: { items: 'orders', by: 'orderKey' },
      pending: { query: { orderStatus: 'active' } },
      final: { query: { orderStatus: 'history' } },
    });
  });
});

describe('x-market-data', () => {
  const marked = ops.filter((o) => 'x-market-data' in o.op);

  it('marks only read-only operations, each with a kind of data', () => {
    expect(marked.length).toBeGreaterThan(0);
    for (const o of marked) {
      expect(o.method, o.op.operationId).toBe('get');
      expect(o.op['x-side-effects'], o.op.operationId).toBeUndefined();
      expect(['quote', 'live', 'catalogue'], o.op.operationId).toContain(o.op['x-market-data']);
    }
  });

  it("leaves out every operation that reads or changes a wallet's own state", () => {
    const ids = new Set(marked.map((o) => o.op.operationId));
    for (const o of ops) {
      const own = o.path.startsWith('/trigger/') || /positions|earnings|operate/.test(o.path);
      if (own) expect(ids.has(o.op.operationId), o.op.operationId).toBe(false);
    }
    expect(byId('swapGetOrder').op['x-market-data']).toBe('quote');
    expect(byId('predictionGetOrderbook').op['x-market-data']).toBe('live');
    expect(byId('lendGetBorrowVaults').op['x-market-data']).toBe('catalogue');
  });

  // Schemas whose values move while a market trades or a game is played: a 60-second catalogue
  // cache would serve stale prices and scores.
  const LIVE = ['PredictionMarketPricing', 'PredictionLiveScore', 'PredictionOrderbook'];
  const reaches = (node: Json, names: string[], seen = new Set<string>()): boolean => {
    if (!node || typeof node !== 'object') return false;
    if (typeof node.$ref === 'string') {
      const name = node.$ref.replace('#/components/schemas/', '');
      if (names.includes(name)) return true;
      if (seen.has(node.$ref)) return false;
      seen.add(node.$ref);
      return reaches(deref(node), names, seen);
    }
    return Object.entries(node).some(([key, value]) => key !== 'examples' && key !== 'example' && reaches(value, names, seen));
  };

  it('marks every answer that can carry live prices or scores `live`, not `catalogue`', () => {
    const carrying = marked.filter((o) => reaches(deref(o.op.responses['200'])?.content, LIVE)).map((o) => o.op.operationId);
    expect(carrying).toContain('predictionGetEvent');
    expect(carrying.filter((id) => byId(id).op['x-market-data'] !== 'live')).toEqual([]);
  });
});

describe('x-price-setting', () => {
  const create = deref(spec.components.schemas.TriggerV2CreatePriceOrderRequest);
  const update = deref(spec.components.schemas.TriggerV2UpdatePriceOrderRequest);
  const marked = Object.keys(create.properties).filter((name) => create.properties[name]['x-price-setting'] === true);

  it('marks the price settings of the create request', () => {
    expect(marked).toEqual([
      'triggerCondition',
      'triggerPriceUsd',
      'slippageBps',
      'tpPriceUsd',
      'slPriceUsd',
      'tpSlippageBps',
      'slSlippageBps',
      'trailingBps',
    ]);
  });

  it('everything update may change, other than orderType, is a marked price setting of create', () => {
    const changeable = Object.keys(update.properties).filter((name) => name !== 'orderType');
    expect(changeable.filter((name) => !marked.includes(name))).toEqual([]);
  });

  it('is used only on the create request', () => {
    expect(schemasUsing('x-price-setting')).toEqual(['TriggerV2CreatePriceOrderRequest']);
  });
});

describe('x-required-when', () => {
  const using = schemasUsing('x-required-when');
  /** The values a property is known to take: its enum, or the enum of an open enum's known branch. */
  const knownValues = (property: Json): string[] => {
    const p = deref(property);
    return p.enum ?? ((p.anyOf ?? []) as Json[]).map(deref).find((branch) => branch.enum)?.enum ?? [];
  };
  const rules = using.flatMap((name) => {
    const schema = deref(spec.components.schemas[name]);
    return Object.entries(schema['x-required-when'] as Record<string, Record<string, string[]>>).map(
      ([property, byValue]) => [name, property, byValue, schema] as const,
    );
  });

  it('states the conditional fields of the create price order and deposit craft requests', () => {
    expect(using.sort()).toEqual(['TriggerV2CreatePriceOrderRequest', 'TriggerV2DepositCraftRequest']);
  });

  it.each(rules)('%s: the values of %s it names are known ones (all of them for a closed enum)', (_name, property, byValue, schema) => {
    expect(schema.required).toContain(property);
    const known = knownValues(schema.properties[property]);
    expect(known.length).toBeGreaterThan(0);
    if (deref(schema.properties[property])['x-open-values']) expect(Object.keys(byValue).filter((v) => !known.includes(v))).toEqual([]);
    else expect(Object.keys(byValue).sort()).toEqual([...known].sort());
  });

  it.each(rules)('%s: the fields a value of %s requires are declared and otherwise optional', (_name, _property, byValue, schema) => {
    for (const fields of Object.values(byValue)) {
      expect(fields.length).toBeGreaterThan(0);
      expect(fields.filter((name) => !(name in schema.properties) || schema.required.includes(name))).toEqual([]);
    }
  });

  it.each(rules)("%s: the description's list of fields by %s says the same", (_name, _property, byValue, schema) => {
    for (const [value, fields] of Object.entries(byValue)) {
      const line = String(schema.description).match(new RegExp(`- \`${value}\`:([^]*?)(?=\n- |\n\n)`))?.[1] ?? '';
      expect(
        fields.filter((name) => !line.includes(`\`${name}\``)),
        value,
      ).toEqual([]);
    }
  });
});

describe('x-prepares-transaction and x-unsigned-transaction', () => {
  const successSchema = (o: (typeof ops)[number]) => {
    const ok = Object.entries(o.op.responses as Record<string, Json>).find(([status]) => status.startsWith('2'));
    return ok ? deref(deref(ok[1]).content?.['application/json'])?.schema : undefined;
  };
  const markedFields = (o: (typeof ops)[number]) =>
    Object.entries((deref(successSchema(o) ?? {}).properties ?? {}) as Record<string, Json>)
      .filter(([, field]) => field['x-unsigned-transaction'] === true)
      .map(([name]) => name);
  const preparing = ops.filter((o) => 'x-prepares-transaction' in o.op);

  it('every operation whose answer holds a marked unsigned transaction prepares one', () => {
    const answering = ops.filter((o) => markedFields(o).length > 0).map((o) => o.op.operationId);
    expect(answering.filter((id) => !('x-prepares-transaction' in byId(id).op))).toEqual([]);
    expect(answering.length).toBeGreaterThan(0);
  });

  it('a preparing operation answers with a marked transaction, or with instructions', () => {
    const neither = preparing.filter((o) => markedFields(o).length === 0 && !/instruction/i.test(JSON.stringify(deref(successSchema(o)))));
    expect(neither.map((o) => o.op.operationId)).toEqual([]);
  });

  it('the value is true or { when: <a query parameter of the operation> }; only `true` sits beside x-side-effects', () => {
    for (const o of preparing) {
      const value = o.op['x-prepares-transaction'];
      if (value !== true)
        expect(
          o.parameters.some((p) => p.name === value?.when && p.in === 'query'),
          o.op.operationId,
        ).toBe(true);
      if (value !== true) expect(o.op['x-side-effects'], o.op.operationId).toBeUndefined();
    }
  });

  it('an operation that changes state before anything is signed carries x-side-effects beside it (trigger v2 initiate-cancel)', () => {
    expect(byId('triggerV2CancelPriceOrder').op['x-side-effects']).toBe(true);
  });

  it('a marked field is a base64 string or an array of them', () => {
    for (const o of ops) {
      for (const name of markedFields(o)) {
        const field = deref(deref(successSchema(o)).properties[name]);
        const text = JSON.stringify(field.type === 'array' ? deref(field.items) : field);
        expect(text, `${o.op.operationId}.${name}`).toMatch(/base64/);
      }
    }
  });
});

describe('x-agent-summary', () => {
  // What a model reads of each operation (`x-mcp`'s tool descriptions and its search): one or two
  // sentences saying what it is for, short enough that the list of tools stays cheap.
  it('every operation has one: one or two sentences, at most 160 characters, not its human summary', () => {
    const problems = ops
      .map((o) => [o.op.operationId, o.op['x-agent-summary']] as const)
      .filter(
        ([, line]) => typeof line !== 'string' || line.length > 160 || !/[.]$/.test(line) || (line.match(/[.!?](\s|$)/g) ?? []).length > 2,
      );
    expect(problems).toEqual([]);
    expect(ops.filter((o) => o.op['x-agent-summary'] === `${o.op.summary}.`).map((o) => o.op.operationId)).toEqual([]);
  });

  it('the order book is bids only, YES and NO (the answer has no asks), and its line says so', () => {
    const line: string = byId('predictionGetOrderbook').op['x-agent-summary'];
    expect(line).toMatch(/YES and NO bids/);
    expect(line).not.toMatch(/\basks?\b/i);
  });
});

describe('x-express-payment', () => {
  // The express-verification payment the seed states as a fact (1000 PLATFORM_TOKEN, 1000000000
  // smallest units): @x/signing refuses to sign a payment of another amount.
  const marked = ops.filter((o) => 'x-express-payment' in o.op);
  const craft = byId('tokensCraftExpressTransaction');
  const fact = craft.op['x-express-payment'];
  const platform = spec['x-example-values'].tokens.find((t: Json) => t.symbol === 'PLATFORM_TOKEN');

  it('is on the craft step alone: currency, amount (smallest units, a string) and decimals', () => {
    expect(marked.map((o) => o.op.operationId)).toEqual(['tokensCraftExpressTransaction']);
    expect(fact).toEqual({ currency: 'PLATFORM_TOKEN', amount: '1000000000', decimals: 6 });
  });

  it('is 1000 whole tokens of the currency, with the decimals the example world gives it', () => {
    expect(fact.decimals).toBe(platform.decimals);
    expect(BigInt(fact.amount)).toBe(1000n * 10n ** BigInt(fact.decimals));
  });

  it("every successful craft example collects at least that amount of the currency's mint, the direct one exactly that", () => {
    const examples = Object.entries(deref(craft.op.responses['200']).content['application/json'].examples as Record<string, Json>).filter(
      ([, example]) => deref(example).value.code === 0,
    );
    expect(examples.length).toBeGreaterThan(0);
    for (const [name, example] of examples) {
      const body = deref(example).value;
      expect(body.mint, name).toBe(platform.mint);
      expect(body.tokenDecimals, name).toBe(fact.decimals);
      const direct = body.quotedInputAmount === undefined;
      if (direct) expect(body.amount, name).toBe(fact.amount);
      else expect(BigInt(body.amount) >= BigInt(fact.amount), name).toBe(true);
    }
  });
});

describe('x-automatic-priority-fee', () => {
  // The cap of the priority fee the service sets itself (swap order without priorityFeeLamports),
  // a public-docs fact: @x/signing's flows sign with it as their default priority-fee bound.
  const marked = ops.flatMap((o) =>
    o.parameters.filter((p) => 'x-automatic-priority-fee' in p).map((p) => `${o.op.operationId} ${p.in}.${p.name}`),
  );
  const parameter = byId('swapGetOrder').parameters.find((p) => p.name === 'priorityFeeLamports');
  const fact = parameter?.['x-automatic-priority-fee'];

  it('is on the parameter that overrides the automatic priority fee, and there alone', () => {
    expect(marked).toEqual(['swapGetOrder query.priorityFeeLamports']);
    expect(parameter.description).toMatch(/automatic priority fee/);
  });

  it('is a whole number of lamports, marked as coming from the public docs (0.005 NATIVE_COIN)', () => {
    expect(Number.isSafeInteger(fact.maxLamports) && fact.maxLamports > 0).toBe(true);
    expect(fact.maxLamports).toBe(5_000_000);
    expect(fact['x-provenance']).toBe('public-docs');
    expect(fact.description).toContain('Source: public documentation');
  });

  it("the parameter's description states the same cap (one number: the description is checked against it)", () => {
    expect(parameter.description).toContain(`at most ${fact.maxLamports} lamports`);
  });
});

describe('x-sign-in', () => {
  // The steps of the sign-in that issues a bearer scheme's token: no tool of x-mcp (it cannot sign
  // the challenge, and never shows a model the token), a person's or a keyholding program's steps.
  const marked = ops.filter((o) => 'x-sign-in' in o.op);
  const schemes = spec.components.securitySchemes as Record<string, Json>;
  const requires = (o: (typeof ops)[number], scheme: string) =>
    ((o.op.security ?? spec.security ?? []) as Json[]).some((requirement) => scheme in requirement);

  it("marks trigger v2's challenge and verify with the bearer scheme whose token they issue", () => {
    expect(marked.map((o) => [o.op.operationId, o.op['x-sign-in']])).toEqual([
      ['triggerV2CreateChallenge', 'TriggerJwt'],
      ['triggerV2VerifyChallenge', 'TriggerJwt'],
    ]);
    for (const o of marked) expect(schemes[o.op['x-sign-in']], o.op.operationId).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('a step needs no token of the scheme it issues; every other operation of its area does', () => {
    for (const o of marked) {
      const scheme = o.op['x-sign-in'];
      expect(requires(o, scheme), o.op.operationId).toBe(false);
      const area = ops.filter((other) => other.op.tags[0] === o.op.tags[0] && !('x-sign-in' in other.op));
      expect(area.length).toBeGreaterThan(0);
      for (const other of area) expect(requires(other, scheme), other.op.operationId).toBe(true);
    }
  });

  it('verify, the last step, answers the credential (x-sensitive): the token', () => {
    const verify = deref(byId('triggerV2VerifyChallenge').op.responses['200']).content['application/json'].schema;
    expect(deref(deref(verify).properties.token)['x-sensitive']).toBe(true);
  });
});

describe('x-already-exists', () => {
  const marked = ops.filter((o) => 'x-already-exists' in o.op);
  const schemaOf = (response: Json) => deref(response)?.content?.['application/json']?.schema;

  it('marks vault register, whose repeat answers 409 with the vault in details', () => {
    expect(marked.map((o) => [o.op.operationId, o.op['x-already-exists']])).toEqual([
      ['triggerV2RegisterVault', { status: 409, record: 'details', read: 'triggerV2GetVault' }],
    ]);
  });

  it.each(marked.map((o) => [o.op.operationId, o] as const))(
    '%s: status is a documented error answer with the record field; read is a read of the same security answering the success schema',
    (_id, o) => {
      const { status, record, read } = o.op['x-already-exists'];
      const conflict = o.op.responses[String(status)];
      expect(conflict, `response ${status}`).toBeDefined();
      expect(Number(status)).toBeGreaterThanOrEqual(400);
      expect(deref(schemaOf(conflict)).properties?.[record], `${status} body field ${record}`).toBeDefined();
      const success = Object.entries(o.op.responses as Record<string, Json>).find(([code]) => /^2\d\d$/.test(code))![1];
      const reader = byId(read);
      expect(reader.method).toBe('get');
      expect(reader.op['x-side-effects']).toBeUndefined();
      expect(reader.op.security).toEqual(o.op.security);
      expect(schemaOf(reader.op.responses['200'])).toEqual(schemaOf(success));
    },
  );
});
