// The classifier on small hand-made pairs: one released document, one change each.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../packages/openapi/dist/reader.js';
import { root } from '../test/workspace.ts';
import { classifySpecChanges } from './classify.ts';

const openEnum = (type: string, values: unknown[], nullable = false) => ({
  anyOf: [{ type, enum: values }, { type, 'x-unknown-enum-value': true }, ...(nullable ? [{ type: 'null' }] : [])],
});

/** A released document of one area: create a thing (strict request), read it back (tolerant answer). */
function released(): Record<string, any> {
  return {
    openapi: '3.1.0',
    info: { title: 'Things', version: '1.0.0' },
    security: [{ ApiKey: [] }],
    paths: {
      '/things': {
        post: {
          operationId: 'thingsCreate',
          parameters: [
            { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } },
            { name: 'x-trace', in: 'header', schema: { type: 'string' } },
          ],
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/ThingRequest' } } } },
          responses: {
            '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
            '400': { description: 'bad', content: { 'application/json': { schema: { $ref: '#/components/schemas/ThingError' } } } },
            '401': { $ref: '#/components/responses/Unauthorized' },
          },
        },
      },
      '/things/{id}': {
        get: {
          operationId: 'thingsGet',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
        },
      },
    },
    components: {
      securitySchemes: { ApiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
      responses: {
        Unauthorized: { description: 'no key', content: { 'application/json': { schema: { $ref: '#/components/schemas/ThingError' } } } },
      },
      schemas: {
        ThingRequest: {
          type: 'object',
          additionalProperties: false,
          required: ['name', 'kind'],
          properties: {
            name: { type: 'string', maxLength: 64 },
            kind: { type: 'string', enum: ['plain', 'fancy'] },
            provider: { anyOf: [{ type: 'string', enum: ['provider_a', 'provider_b'] }, { type: 'string' }] },
            amount: { type: ['string', 'integer'] },
            note: { type: 'string' },
          },
        },
        Thing: {
          type: 'object',
          required: ['id', 'name'],
          properties: {
            id: { type: 'string' },
            name: { type: 'string' },
            status: { description: 'Where it is.', ...openEnum('string', ['Open', 'Closed']) },
            price: { type: 'number' },
            tags: { type: 'array', items: { type: 'string' } },
            owner: { type: 'object', properties: { address: { type: 'string' } } },
          },
        },
        ThingError: { type: 'object', properties: { error: { type: 'string' } } },
      },
    },
  };
}

/** The changes one edit of the released document makes, as `impact where: what`. */
function classify(edit: (doc: Record<string, any>) => void, prepare: (doc: Record<string, any>) => void = () => {}): string[] {
  const [before, after] = [released(), released()];
  prepare(before);
  prepare(after);
  edit(after);
  return classifySpecChanges(before as OpenApiDocument, after as OpenApiDocument).map((c) => `${c.impact} ${c.where}: ${c.what}`);
}

const schemas = (doc: Record<string, any>) => doc.components.schemas;
const create = (doc: Record<string, any>) => doc.paths['/things'].post;
const JSON_200 = 'response 200 (application/json)';

describe('classifySpecChanges: breaking changes', () => {
  it('a response field removed (from an answer two operations share: both listed)', () => {
    expect(classify((d) => delete schemas(d).Thing.properties.price)).toEqual([
      `breaking ${JSON_200}: price: field removed`,
      `breaking ${JSON_200}: price: field removed`,
    ]);
  });

  it('a response field made optional (no longer required)', () => {
    expect(classify((d) => (schemas(d).Thing.required = ['id']))).toContain(`breaking ${JSON_200}: name: field made optional`);
  });

  it('a response field made nullable, by a type list or by a null branch of an open enum', () => {
    expect(classify((d) => (schemas(d).Thing.properties.price.type = ['number', 'null']))).toContain(
      `breaking ${JSON_200}: price: made nullable`,
    );
    expect(classify((d) => (schemas(d).Thing.properties.status = openEnum('string', ['Open', 'Closed'], true)))).toContain(
      `breaking ${JSON_200}: status: made nullable`,
    );
  });

  it('a response field changes type, and a nested one too', () => {
    const changes = classify((d) => {
      schemas(d).Thing.properties.id = { type: 'integer' };
      schemas(d).Thing.properties.tags.items = { type: 'object' };
      schemas(d).Thing.properties.owner.properties.address = { type: 'integer' };
    });
    expect(changes).toContain(`breaking ${JSON_200}: id: type integer now accepted`);
    expect(changes).toContain(`breaking ${JSON_200}: tags[]: type object now accepted`);
    expect(changes).toContain(`breaking ${JSON_200}: owner.address: type integer now accepted`);
  });

  it('a response status removed, a response media type replaced, an operation removed', () => {
    expect(classify((d) => delete create(d).responses['400'])).toEqual(['breaking response 400: status removed']);
    expect(
      classify((d) => {
        create(d).responses['200'].content = { 'text/plain': { schema: { type: 'string' } } };
      }),
    ).toEqual([
      'breaking response 200 (application/json): response media type removed',
      'breaking response 200 (text/plain): response media type added',
    ]);
    expect(classify((d) => delete d.paths['/things/{id}'])).toEqual(['breaking operation: operation removed']);
  });

  it('a new required parameter (query or header), or an optional one made required', () => {
    expect(
      classify((d) => create(d).parameters.push({ name: 'dryRun', in: 'query', required: true, schema: { type: 'boolean' } })),
    ).toEqual(['breaking query parameter dryRun: required query parameter added']);
    expect(
      classify((d) => create(d).parameters.push({ name: 'X-Signature', in: 'header', required: true, schema: { type: 'string' } })),
    ).toEqual(['breaking header parameter X-Signature: required header parameter added']);
    expect(classify((d) => (create(d).parameters[0].required = true))).toEqual(['breaking query parameter limit: parameter made required']);
  });

  it('a required request field added, a request field removed, an optional one made required', () => {
    expect(
      classify((d) => {
        schemas(d).ThingRequest.properties.color = { type: 'string' };
        schemas(d).ThingRequest.required.push('color');
      }),
    ).toEqual(['breaking request body (application/json): color: required field added']);
    expect(classify((d) => delete schemas(d).ThingRequest.properties.note)).toEqual([
      'breaking request body (application/json): note: field removed',
    ]);
    expect(classify((d) => schemas(d).ThingRequest.required.push('note'))).toEqual([
      'breaking request body (application/json): note: field made required',
    ]);
  });

  it('a request enum value removed, an open request enum closed, a request type or bound narrowed', () => {
    expect(classify((d) => (schemas(d).ThingRequest.properties.kind.enum = ['plain']))).toEqual([
      'breaking request body (application/json): kind: value "fancy" removed from the enum',
    ]);
    expect(classify((d) => (schemas(d).ThingRequest.properties.provider = { type: 'string', enum: ['provider_a', 'provider_b'] }))).toEqual(
      ['breaking request body (application/json): provider: enum closed: only "provider_a", "provider_b" accepted'],
    );
    expect(classify((d) => (schemas(d).ThingRequest.properties.amount.type = 'string'))).toEqual([
      'breaking request body (application/json): amount: type integer no longer accepted',
    ]);
    expect(classify((d) => (schemas(d).ThingRequest.properties.name.maxLength = 32))).toEqual([
      'breaking request body (application/json): name: maxLength 64 → 32',
    ]);
    expect(classify((d) => (create(d).parameters[0].schema.minimum = 10))).toEqual(['breaking query parameter limit: minimum 1 → 10']);
  });

  it('a component schema renamed: the type of @x/types users import is gone', () => {
    expect(
      classify((d) => {
        schemas(d).ThingFailure = schemas(d).ThingError;
        delete schemas(d).ThingError;
        const json = JSON.stringify(d).replaceAll('#/components/schemas/ThingError', '#/components/schemas/ThingFailure');
        Object.assign(d, JSON.parse(json));
      }),
    ).toEqual([
      'breaking components.schemas.ThingError: schema removed or renamed',
      'non-breaking components.schemas.ThingFailure: schema added',
    ]);
  });

  it('the request body made required where it was optional, a credential no longer accepted, a security scheme changed', () => {
    expect(
      classify(
        (d) => (create(d).requestBody.required = true),
        (d) => (create(d).requestBody.required = false),
      ),
    ).toEqual(['breaking request body: request body made required']);
    expect(
      classify((d) => {
        d.paths['/things/{id}'].get.security = [{ ApiKey: [], Bearer: [] }];
      }),
    ).toEqual([
      'breaking security: credentials ApiKey no longer accepted',
      'non-breaking security: credentials ApiKey + Bearer now accepted',
    ]);
    expect(classify((d) => (d.components.securitySchemes.ApiKey.name = 'x-key'))).toEqual([
      'breaking security scheme ApiKey: how the credential is sent changed',
    ]);
  });
});

describe('classifySpecChanges: non-breaking changes', () => {
  it('none between a document and itself; between two spellings of the same schema, no change of what is accepted', () => {
    expect(classify(() => {})).toEqual([]);
    expect(
      classify((d) => {
        // the same open enum, its branches in another order; the same object under another component name
        schemas(d).Thing.properties.status.anyOf.reverse();
        schemas(d).ThingRecord = schemas(d).Thing;
        d.paths['/things/{id}'].get.responses['200'].content['application/json'].schema.$ref = '#/components/schemas/ThingRecord';
      }),
    ).toEqual([
      'non-breaking operation: descriptions, examples or schema extensions changed',
      'non-breaking operation: descriptions, examples or schema extensions changed',
      'non-breaking components.schemas.ThingRecord: schema added',
    ]);
  });

  it('an optional request field added, a response field added, an operation added, a status added', () => {
    expect(classify((d) => (schemas(d).ThingRequest.properties.color = { type: 'string' }))).toEqual([
      'non-breaking request body (application/json): color: optional field added',
    ]);
    expect(classify((d) => (schemas(d).Thing.properties.createdAt = { type: 'integer' }))).toEqual([
      `non-breaking ${JSON_200}: createdAt: field added`,
      `non-breaking ${JSON_200}: createdAt: field added`,
    ]);
    expect(
      classify((d) => {
        d.paths['/things/{id}'].delete = { operationId: 'thingsDelete', responses: { '204': { description: 'gone' } } };
      }),
    ).toEqual(['non-breaking operation: operation added']);
    expect(classify((d) => (create(d).responses['409'] = { description: 'taken' }))).toEqual(['non-breaking response 409: status added']);
  });

  it('a request widened: an enum value added, an enum naming outside parties opened, a type made nullable, a bound relaxed', () => {
    expect(classify((d) => schemas(d).ThingRequest.properties.kind.enum.push('plain_v2'))).toEqual([
      'non-breaking request body (application/json): kind: value "plain_v2" added to the enum',
    ]);
    expect(
      classify(
        (d) => (schemas(d).ThingRequest.properties.kind = { anyOf: [{ type: 'string', enum: ['plain', 'fancy'] }, { type: 'string' }] }),
      ),
    ).toEqual(['non-breaking request body (application/json): kind: enum opened: any value of its type is accepted']);
    expect(classify((d) => (schemas(d).ThingRequest.properties.kind = { type: 'string' }))).toEqual([
      'non-breaking request body (application/json): kind: enum opened: any value of its type is accepted',
    ]);
    expect(classify((d) => (schemas(d).ThingRequest.properties.note.type = ['string', 'null']))).toEqual([
      'non-breaking request body (application/json): note: made nullable',
    ]);
    expect(classify((d) => delete create(d).parameters[0].schema.maximum)).toEqual([
      'non-breaking query parameter limit: maximum 100 → unset',
    ]);
  });

  it('a value added to or removed from an open enum, in an answer or a request', () => {
    expect(classify((d) => schemas(d).ThingRequest.properties.provider.anyOf[0].enum.push('provider_c'))).toEqual([
      'non-breaking request body (application/json): provider: value "provider_c" added to an open enum',
    ]);
    const added = classify((d) => schemas(d).Thing.properties.status.anyOf[0].enum.push('Paused'));
    expect(added).toEqual([
      `non-breaking ${JSON_200}: status: value "Paused" added to an open enum`,
      `non-breaking ${JSON_200}: status: value "Paused" added to an open enum`,
    ]);
    expect(classify((d) => (schemas(d).Thing.properties.status.anyOf[0].enum = ['Open']))[0]).toBe(
      `non-breaking ${JSON_200}: status: value "Closed" no longer listed (still accepted: the enum is open)`,
    );
  });

  it('a value added to a closed response enum is breaking (readers of the released version refuse it)', () => {
    expect(
      classify(
        (d) => schemas(d).ThingError.properties.error.enum.push('worst'),
        (d) => (schemas(d).ThingError.properties.error = { type: 'string', enum: ['bad', 'worse'] }),
      ),
    ).toEqual([
      'breaking response 400 (application/json): error: value "worst" added to the enum',
      'breaking response 401 (application/json): error: value "worst" added to the enum',
    ]);
  });

  it('a response narrowed: a field made required, a type no longer sent', () => {
    expect(classify((d) => schemas(d).Thing.required.push('price'))).toEqual([
      `non-breaking ${JSON_200}: price: field made required`,
      `non-breaking ${JSON_200}: price: field made required`,
    ]);
  });

  it('documentation only: a description, an example, an extension of the operation (each named) or of a schema', () => {
    expect(classify((d) => (create(d).description = 'Creates a thing.'))).toEqual([
      'non-breaking operation: descriptions, examples or schema extensions changed',
    ]);
    expect(classify((d) => (schemas(d).Thing.properties.status.description = 'Where it is now.'))).toEqual([
      'non-breaking operation: descriptions, examples or schema extensions changed',
      'non-breaking operation: descriptions, examples or schema extensions changed',
    ]);
    expect(classify((d) => (d.info.version = '1.1.0'))).toEqual(['non-breaking info: info changed']);
    expect(
      classify((d) => {
        create(d)['x-agent-summary'] = 'Creates a thing.';
        create(d).summary = 'Create';
        d.paths['/things/{id}'].get['x-safe-to-retry'] = true;
      }),
    ).toEqual([
      'non-breaking operation: descriptions, examples or schema extensions changed',
      'non-breaking operation: extension x-agent-summary added',
      'non-breaking operation: extension x-safe-to-retry added',
    ]);
  });
});

describe('classifySpecChanges on the bundled spec', () => {
  const bundle = () => JSON.parse(readFileSync(join(root, 'spec', 'dist', 'openapi.json'), 'utf8')) as Record<string, any>;

  it('finds nothing between the bundle and itself', () => {
    expect(classifySpecChanges(bundle() as OpenApiDocument, bundle() as OpenApiDocument)).toEqual([]);
  });

  it('calls a new x-pagination style on an operation (page-number on the trigger v1 listing) non-breaking', () => {
    const before = bundle();
    const listing = before.paths['/trigger/v1/getTriggerOrders'].get;
    expect(listing['x-pagination']).toEqual({ style: 'page-number', items: 'orders' });
    delete listing['x-pagination'];
    const changes = classifySpecChanges(before as OpenApiDocument, bundle() as OpenApiDocument);
    expect(changes.map((c) => [c.impact, c.operation, c.what])).toEqual([
      ['non-breaking', 'GET /trigger/v1/getTriggerOrders (triggerV1GetTriggerOrders)', 'extension x-pagination added'],
    ]);
  });

  /** The bundle with its open enums closed: those of answers, or those of requests (`x-open-values`). */
  const closeOpenEnums = (of: 'answers' | 'requests') => {
    const after = bundle();
    let closed = 0;
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) {
        node.forEach(visit);
        return;
      }
      if (!node || typeof node !== 'object') return;
      const n = node as Record<string, any>;
      const open = Array.isArray(n.anyOf) && n.anyOf.some((b: Record<string, unknown>) => b['x-unknown-enum-value']);
      if (open && (n['x-open-values'] !== undefined) === (of === 'requests')) {
        n.anyOf = n.anyOf.filter((b: Record<string, unknown>) => !b['x-unknown-enum-value']);
        closed++;
      }
      for (const [key, value] of Object.entries(n)) if (key !== 'examples' && key !== 'example') visit(value);
    };
    visit(after.components.schemas);
    visit(after.paths);
    expect(closed).toBeGreaterThan(0);
    return classifySpecChanges(bundle() as OpenApiDocument, after as OpenApiDocument);
  };

  it('reads every kind of schema the bundle writes (open enums, null branches, unions of arrays and maps)', () => {
    const changes = closeOpenEnums('answers');
    expect(changes.length).toBeGreaterThan(0);
    // closing an enum narrows an answer: harmless for readers
    expect(changes.every((c) => c.impact === 'non-breaking' && c.what.startsWith('enum closed'))).toBe(true);
  });

  it('calls closing an open request enum (values naming outside parties) breaking', () => {
    const changes = closeOpenEnums('requests');
    expect(changes.length).toBeGreaterThan(0);
    // a request naming a provider the service accepts would now be refused
    expect(changes.every((c) => c.impact === 'breaking')).toBe(true);
  });
});
