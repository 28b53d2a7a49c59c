import type { HttpHandler, HttpResponseResolver } from 'msw';
import { fixtures, type FixtureName, type FixtureOperationId, type OperationResponses } from '../gen/fixtures.gen.js';
import { createMswHandlers, type MswHandlerFactories } from '../gen/msw.gen.js';
import { credentialsFailure } from './credentials.js';
import { fixtureResponse } from './fixture-response.js';
import { isRequestFor } from './routing.js';

/** The MSW resolver of one operation, typed with its path parameters and request body. */
export type OperationResolver<Id extends FixtureOperationId> = Extract<
  Parameters<MswHandlerFactories[Id]>[0],
  (...args: never[]) => unknown
>;

/**
 * How one operation answers instead of its default fixture:
 * - `{ example: 'rfq' }`: another named example of the spec;
 * - `{ status, body, headers? }`: any response the spec documents for it, typed;
 * - a function: an MSW resolver (`({ request, params }) => HttpResponse.json(...)`).
 */
export type HandlerOverride<Id extends FixtureOperationId> =
  | { readonly example: FixtureName<Id> }
  | (OperationResponses[Id] & { readonly headers?: Readonly<Record<string, string>> })
  | OperationResolver<Id>;

export type HandlerOverrides = { readonly [Id in FixtureOperationId]?: HandlerOverride<Id> };

export interface HandlerOptions {
  /**
   * Origin (and optional prefix) the handlers match, e.g. `http://localhost:4010`, or in a page (a
   * browser, jsdom) a path such as `/api`, on the page's origin. Default: any origin. Anything else throws.
   */
  readonly baseUrl?: string;
  /**
   * Check credentials like the service before answering a fixture (default `true`): no (or a blank)
   * `x-api-key` answers the operation's `invalidApiKey` example (the gateway's 401), and a trigger v2
   * operation behind the bearer token answers its `bearerTokenRejected` example without an
   * `Authorization: Bearer <JWT>` header. A function override is never checked: it answers itself.
   */
  readonly checkAuth?: boolean;
}

type AnyResolver = HttpResponseResolver<never, never>;

function resolverFor<Id extends FixtureOperationId>(
  operationId: Id,
  override: HandlerOverride<Id> | undefined,
  options: HandlerOptions,
): AnyResolver {
  const answer = answerFor(operationId, override, options);
  // Answering nothing passes the request on to the next handler (events/search is not events/{eventId}).
  return (info) => (isRequestFor(operationId, info.request) ? answer(info) : undefined);
}

function answerFor<Id extends FixtureOperationId>(
  operationId: Id,
  override: HandlerOverride<Id> | undefined,
  options: HandlerOptions,
): AnyResolver {
  if (typeof override === 'function') return override as unknown as AnyResolver;
  const answer = fixtureResolver(operationId, override);
  if (options.checkAuth === false) return answer;
  return (info) => credentialsFailure(operationId, info.request) ?? answer(info);
}

function fixtureResolver<Id extends FixtureOperationId>(operationId: Id, override?: HandlerOverride<Id>): AnyResolver {
  const operation = fixtures[operationId];
  const examples = operation.examples as Record<string, { status: number; body: unknown; headers: Record<string, string> }>;
  if (override && 'status' in override) {
    const { status, body, headers } = override as { status: number; body: unknown; headers?: Record<string, string> };
    return () => fixtureResponse(status, body, headers);
  }
  if (override !== undefined && (typeof override !== 'object' || override === null || !('example' in override))) {
    throw new Error(
      `${operationId}: an override is { example }, { status, body, headers? } or an MSW resolver function; got ${JSON.stringify(override)}`,
    );
  }
  const name: string = override ? override.example : operation.defaultExample;
  const fixture = examples[name];
  if (!fixture) {
    throw new Error(`No example named ${name} for ${operationId}; known: ${Object.keys(examples).join(', ')}`);
  }
  return () => fixtureResponse(fixture.status, fixture.body, fixture.headers);
}

/** The generated factories on `options.baseUrl`, without its trailing slashes (each path starts with one). */
function factoriesFor(options: HandlerOptions): ReturnType<typeof createMswHandlers> {
  const { baseUrl } = options;
  if (baseUrl === undefined) return createMswHandlers({});
  if (typeof baseUrl !== 'string' || !(baseUrl.startsWith('/') || /^https?:\/\/[^/]/i.test(baseUrl))) {
    throw new Error(
      `baseUrl must be an absolute http(s) URL (e.g. http://localhost:4010) or a path starting with / (in a browser, on the page's origin); got ${JSON.stringify(baseUrl)}`,
    );
  }
  if (baseUrl.startsWith('/') && (globalThis as { location?: unknown }).location === undefined) {
    throw new Error(
      `baseUrl ${JSON.stringify(baseUrl)}: a path is relative to the page's location, and there is none here; give an origin, e.g. http://localhost:4010${baseUrl}`,
    );
  }
  return createMswHandlers({ baseUrl: baseUrl.replace(/\/+$/, '') });
}

type Factory = (response: AnyResolver, options?: { baseUrl?: string }) => HttpHandler;

/**
 * MSW handlers for every operation of the spec. Each checks the request's credentials like the
 * service (see `HandlerOptions.checkAuth`), then answers its first 2xx example unless
 * overridden: `handlers({ swapGetOrder: { example: 'rfq' } })`. Works with `setupServer` (node)
 * and `setupWorker` (browser).
 */
export function handlers(overrides: HandlerOverrides = {}, options: HandlerOptions = {}): HttpHandler[] {
  const factories = factoriesFor(options);
  for (const operationId of Object.keys(overrides)) {
    if (!Object.hasOwn(fixtures, operationId)) throw new Error(`Unknown operationId: ${operationId}`);
  }
  const pick: Record<string, AnyResolver> = {};
  for (const operationId of Object.keys(fixtures) as FixtureOperationId[]) {
    pick[operationId] = resolverFor(operationId, overrides[operationId] as HandlerOverride<typeof operationId> | undefined, options);
  }
  // `all` orders the handlers so that literal paths win over parameters (events/search before events/{eventId}).
  return [...factories.all({ pick: pick as never })];
}

/**
 * The MSW handler of one operation, for `server.use(...)` in one test:
 * `server.use(handler('triggerV2GetVault', { example: 'vaultNotFound' }))`.
 */
export function handler<Id extends FixtureOperationId>(
  operationId: Id,
  override?: HandlerOverride<Id>,
  options: HandlerOptions = {},
): HttpHandler {
  const factories = factoriesFor(options);
  const factory = factories.pick[operationId] as unknown as Factory | undefined;
  if (!factory) throw new Error(`Unknown operationId: ${String(operationId)}`);
  return factory(resolverFor(operationId, override, options));
}
