import { ApiError, AuthenticationError, BadRequestError, createClient, isGatewayError } from '@x/fetch-client';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import mswPackage from 'msw/package.json' with { type: 'json' };
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '../../../../tools/test/workspace.ts';
import mockPackage from '../../package.json' with { type: 'json' };
import { fixtures, type FixtureOperationId } from '../gen/fixtures.gen.js';
import { requestExamples } from '../gen/request-examples.gen.js';
import { fixtureResponse, handler, handlers } from './index.js';

const BASE = 'http://localhost:4010';

const BEARER = 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ3YWxsZXQifQ.c2lnbmF0dXJl';

function exampleRequest(operationId: FixtureOperationId, credentials: { apiKey?: boolean; bearer?: boolean } = {}): Request {
  const example = requestExamples[operationId];
  let path: string = example.path;
  for (const [name, value] of Object.entries(example.pathParams)) {
    path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
  }
  const url = new URL(path, BASE);
  for (const [name, value] of Object.entries(example.query)) url.searchParams.set(name, String(value));
  const headers: Record<string, string> = {};
  if (credentials.apiKey !== false) headers['x-api-key'] = 'test-key';
  if (credentials.bearer !== false && (example.security as readonly string[]).includes('TriggerJwt')) headers.authorization = BEARER;
  const init: RequestInit = { method: example.method, headers };
  if ('body' in example) {
    init.body = JSON.stringify(example.body);
    headers['content-type'] = 'application/json';
  }
  return new Request(url, init);
}

// This file runs twice: on the msw of the workspace's catalog (project `unit`) and on the floor of
// the peer range (project `msw-floor`, which sets X_MSW_VERSION and resolves `msw` to `msw-floor`).
describe('the msw under test', () => {
  it('is the version its project names', () => {
    expect(mswPackage.version).toBe(process.env.X_MSW_VERSION ?? catalog.msw);
  });

  it('the peer range is what the two projects test: from the floor to the catalog major', () => {
    const range = mockPackage.peerDependencies.msw;
    expect(range).toBe(`^${mockPackage.devDependencies['msw-floor'].replace('npm:msw@', '')} || ^${catalog.msw!.split('.')[0]}.0.0`);
  });
});

const server = setupServer(...handlers());
// An unhandled request fails instead of reaching the network: msw 3 names the option
// onUnhandledFrame, msw 2 onUnhandledRequest (each ignores the other's).
const onUnhandled = { onUnhandledFrame: 'error', onUnhandledRequest: 'error' } as Parameters<typeof server.listen>[0];
beforeAll(() => server.listen(onUnhandled));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const operationIds = Object.keys(fixtures) as FixtureOperationId[];

describe('default handlers', () => {
  it('cover every operation of the spec', () => {
    expect(operationIds).toEqual(Object.keys(requestExamples));
    expect(handlers()).toHaveLength(operationIds.length);
  });

  it.each(operationIds)('%s answers its first 2xx example', async (operationId) => {
    const operation = fixtures[operationId];
    const expected = (operation.examples as Record<string, { status: number; body: unknown; headers: Record<string, string> }>)[
      operation.defaultExample
    ]!;
    const response = await fetch(exampleRequest(operationId));
    expect(response.status).toBe(expected.status);
    expect(response.status).toBeGreaterThanOrEqual(200);
    expect(response.status).toBeLessThan(300);
    for (const [name, value] of Object.entries(expected.headers)) expect(response.headers.get(name)).toBe(value);
    if (expected.body === undefined) expect(await response.text()).toBe('');
    else expect(await response.json()).toEqual(expected.body);
  });
});

type AnyFixture = { status: number; body: unknown; headers: Record<string, string> };
const exampleOf = (operationId: FixtureOperationId, name: string): AnyFixture =>
  (fixtures[operationId].examples as Record<string, AnyFixture>)[name]!;
const bearerOperations = operationIds.filter((id) => (requestExamples[id].security as readonly string[]).includes('TriggerJwt'));

describe('credentials, checked like the gateway and trigger v2', () => {
  it.each(operationIds)("%s without x-api-key answers the gateway's 401", async (operationId) => {
    const response = await fetch(exampleRequest(operationId, { apiKey: false }));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(exampleOf(operationId, 'invalidApiKey').body);
  });

  it('a blank x-api-key is no key', async () => {
    const request = exampleRequest('swapGetOrder', { apiKey: false });
    request.headers.set('x-api-key', '  ');
    expect((await fetch(request)).status).toBe(401);
  });

  it('an example override still needs the key', async () => {
    server.use(handler('swapGetOrder', { example: 'rfq' }));
    expect((await fetch(exampleRequest('swapGetOrder', { apiKey: false }))).status).toBe(401);
  });

  it('covers the trigger v2 operations behind a bearer token', () => {
    expect(bearerOperations.length).toBeGreaterThan(5);
    expect(bearerOperations).not.toContain('triggerV2CreateChallenge');
    expect(bearerOperations).not.toContain('triggerV2VerifyChallenge');
  });

  it.each(bearerOperations)("%s without a bearer token answers trigger v2's 401 { error }", async (operationId) => {
    const response = await fetch(exampleRequest(operationId, { bearer: false }));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(exampleOf(operationId, 'bearerTokenRejected').body);
  });

  it('a malformed bearer token is no token', async () => {
    const request = exampleRequest('triggerV2GetVault');
    request.headers.set('authorization', 'Bearer not-a-jwt');
    expect((await fetch(request)).status).toBe(401);
  });

  it('checkAuth: false answers the fixture whatever the credentials', async () => {
    server.resetHandlers(...handlers({}, { checkAuth: false }));
    const response = await fetch(exampleRequest('triggerV2GetVault', { apiKey: false, bearer: false }));
    expect(response.status).toBe(200);
  });
});

describe('overrides', () => {
  it('answers another named example', async () => {
    server.use(...handlers({ swapGetOrder: { example: 'rfq' } }));
    const response = await fetch(exampleRequest('swapGetOrder'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(fixtures.swapGetOrder.examples.rfq.body);
  });

  it('answers a named error example with its status', async () => {
    server.use(handler('triggerV2RegisterVault', { example: 'vaultAlreadyRegistered' }));
    const response = await fetch(exampleRequest('triggerV2RegisterVault'));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual(fixtures.triggerV2RegisterVault.examples.vaultAlreadyRegistered.body);
  });

  it('answers a typed status and body', async () => {
    server.use(handler('predictionGetTradingStatus', { status: 200, body: { trading_active: false } }));
    const response = await fetch(exampleRequest('predictionGetTradingStatus'));
    expect(await response.json()).toEqual({ trading_active: false });
  });

  it('runs an MSW resolver with typed path parameters', async () => {
    server.use(
      handler('predictionGetEvent', ({ params }) =>
        HttpResponse.json({
          ...fixtures.predictionGetEvent.examples[fixtures.predictionGetEvent.defaultExample].body,
          eventId: params.eventId,
        }),
      ),
    );
    const response = await fetch(`${BASE}/prediction/v1/events/custom-event-1`, { headers: { 'x-api-key': 'test-key' } });
    expect(((await response.json()) as { eventId: string }).eventId).toBe('custom-event-1');
  });

  it('runs a resolver that answers with fixtureResponse (an MSW response to the types of msw 2 and 3)', async () => {
    server.use(
      handler('predictionGetTradingStatus', () => fixtureResponse(200, { trading_active: false }, { 'x-ratelimit-remaining': '7' })),
    );
    const response = await fetch(exampleRequest('predictionGetTradingStatus'));
    expect(response.headers.get('x-ratelimit-remaining')).toBe('7');
    expect(await response.json()).toEqual({ trading_active: false });
  });

  it('keeps literal paths ahead of parameters (events/search is not events/{eventId})', async () => {
    const response = await fetch(exampleRequest('predictionSearchEvents'));
    const expected = fixtures.predictionSearchEvents.examples[fixtures.predictionSearchEvents.defaultExample];
    expect(await response.json()).toEqual(expected.body);
  });

  it.each([
    ['server.use', () => server.use(handler('predictionGetEvent', { example: fixtures.predictionGetEvent.defaultExample }))],
    [
      'a resolver given first',
      () =>
        server.resetHandlers(
          handler('predictionGetEvent', () => HttpResponse.json({} as never)),
          ...handlers(),
        ),
    ],
  ] as const)('a handler of events/{eventId} added by %s leaves events/search and events/scores to theirs', async (_, setUp) => {
    setUp();
    for (const operationId of ['predictionSearchEvents', 'predictionGetEventScores'] as const) {
      const expected = fixtures[operationId].examples[fixtures[operationId].defaultExample as never] as AnyFixture;
      expect(await (await fetch(exampleRequest(operationId))).json()).toEqual(expected.body);
    }
    const event = await fetch(exampleRequest('predictionGetEvent'));
    expect(event.status).toBe(200);
  });

  it('matches only the given baseUrl when one is set', async () => {
    server.resetHandlers(...handlers({}, { baseUrl: 'http://localhost:4999' }));
    const init = { headers: { 'x-api-key': 'test-key' } };
    await expect(fetch(`${BASE}/prediction/v1/trading-status`, init)).rejects.toThrow();
    const response = await fetch('http://localhost:4999/prediction/v1/trading-status', init);
    expect(response.status).toBe(200);
  });

  it('takes a baseUrl with a trailing slash as the same origin and prefix', async () => {
    server.resetHandlers(
      ...handlers({}, { baseUrl: 'http://localhost:4999/' }),
      handler('swapGetOrder', { example: 'rfq' }, { baseUrl: `${BASE}/` }),
    );
    const init = { headers: { 'x-api-key': 'test-key' } };
    expect((await fetch('http://localhost:4999/prediction/v1/trading-status', init)).status).toBe(200);
    expect(await (await fetch(exampleRequest('swapGetOrder'))).json()).toEqual(fixtures.swapGetOrder.examples.rfq.body);
  });

  it.each([['localhost:4010'], ['ftp://localhost:4010'], [''], [42]])('rejects the baseUrl %j, which would match nothing', (baseUrl) => {
    expect(() => handlers({}, { baseUrl: baseUrl as string })).toThrow(/baseUrl .*an absolute http\(s\) URL .* or a path starting with \//);
    expect(() => handler('swapGetOrder', undefined, { baseUrl: baseUrl as string })).toThrow(/baseUrl/);
  });

  it('rejects a path as the baseUrl where there is no page location to resolve it against (node)', () => {
    expect(() => handlers({}, { baseUrl: '/api' })).toThrow(/baseUrl "\/api": a path is relative to the page's location/);
  });

  it('rejects an override of an operation the spec does not have (a typo fails loudly)', () => {
    // @ts-expect-error not an operationId
    expect(() => handlers({ swapGetOrdr: { example: 'rfq' } })).toThrow(/Unknown operationId: swapGetOrdr/);
  });

  it('rejects an override that is neither an example, a status and body, nor a resolver', () => {
    // @ts-expect-error a body needs its status
    expect(() => handler('predictionGetTradingStatus', { body: { trading_active: false } })).toThrow(
      /predictionGetTradingStatus: an override is/,
    );
  });

  it('rejects an unknown example name at run time', () => {
    // @ts-expect-error not an example of swapGetOrder
    expect(() => handler('swapGetOrder', { example: 'noSuchExample' })).toThrow(/noSuchExample/);
  });

  it('types the status and body of an override', () => {
    // @ts-expect-error trading_active is a boolean
    handler('predictionGetTradingStatus', { status: 200, body: { trading_active: 'yes' } });
    // @ts-expect-error 418 is not a documented status of this operation
    handler('triggerV2GetVault', { status: 418, body: { error: 'teapot' } });
  });
});

describe("the gateway's errors and the area's, through the client's typed errors", () => {
  it.each([
    ['invalidApiKey', 401, 'Unauthorized'],
    ['keyWithoutAccess', 403, 'API key does not have access to this endpoint'],
    ['rateLimited', 429, '[API Gateway] Too many requests'],
  ] as const)('the %s example answers %i { code, message }: a gateway ApiError', async (example, status, message) => {
    server.use(handler('swapGetOrder', { example }, { baseUrl: BASE }));
    const x = createClient({ baseUrl: BASE, apiKey: 'test-key', maxRetries: 0 });
    const error = await x.swapGetOrder({ query: requestExamples.swapGetOrder.query }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(isGatewayError(error)).toBe(true);
    expect(error).toMatchObject({ status, source: 'gateway', code: status, serverMessage: message });
  });

  it("trigger v2's bearer 401 and a swap order 400 are the area's", async () => {
    server.use(handler('triggerV2GetVault', { example: 'bearerTokenRejected' }, { baseUrl: BASE }));
    const x = createClient({ baseUrl: BASE, apiKey: 'test-key', maxRetries: 0 });
    const bearer = await x.triggerV2GetVault().catch((e: unknown) => e);
    expect(bearer).toBeInstanceOf(AuthenticationError);
    expect(bearer).toMatchObject({ source: 'area', code: undefined, serverMessage: 'Unauthorized', body: { error: 'Unauthorized' } });

    const badRequest = Object.entries(fixtures.swapGetOrder.examples).find(([, e]) => e.status === 400)![0];
    server.use(handler('swapGetOrder', { example: badRequest as never }, { baseUrl: BASE }));
    const swap = await x.swapGetOrder({ query: requestExamples.swapGetOrder.query }).catch((e: unknown) => e);
    expect(swap).toBeInstanceOf(BadRequestError);
    expect(isGatewayError(swap)).toBe(false);
    expect((swap as ApiError).serverMessage).toBe(
      (fixtures.swapGetOrder.examples[badRequest as never] as { body: { error: string } }).body.error,
    );
  });
});
