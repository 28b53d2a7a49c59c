// The request pipeline: route → the gateway's key and area checks → rate limit → the area's
// authentication (trigger v2 bearer) → (injected fault) → validate →
// handle → respond. Each stage is its own module; errors become the area's error body.
import { reasonPhrase } from './error-body.js';
import type { ErrorShapes } from './error-shapes.js';
import type { AuthResult, Authenticator } from './authenticate.js';
import type { SimContext } from './context.js';
import type { HandlerContext, HandlerResult, HandlerTable, OperationId } from './handler.js';
import { ApiError, rateLimited } from './errors.js';
import type { Faults } from './faults.js';
import { type OperationInfo, requiresApiKeyOf } from './operations.js';
import type { RateLimiter } from './rate-limit.js';
import { errorResponse, faultResponse, jsonResponse } from './respond.js';
import type { Router } from './router.js';
import type { OpenApiDocument } from './spec.js';
import type { SimRequest, SimResponse } from './types.js';
import type { OperationValidator } from './validate.js';

export interface PipelineDeps {
  doc: OpenApiDocument;
  sim: SimContext;
  router: Router;
  authenticator: Authenticator;
  validators: Map<string, OperationValidator>;
  handlers: HandlerTable;
  rateLimiter: RateLimiter;
  faults: Faults;
  /** The error body shape of each operation and status, from the spec's error schemas. */
  errorShapes: ErrorShapes;
  /** Next request id (its own seeded stream, so ids do not disturb the simulation's). */
  nextRequestId(): string;
  onUnexpectedError(error: unknown, op: OperationInfo): void;
}

/** An answer now, or later when a stage has to wait (signature checks, WebCrypto). */
export type MaybePromise<T> = T | Promise<T>;

type AnyHandler = (ctx: HandlerContext<OperationId>) => MaybePromise<HandlerResult<OperationId>>;

export type Pipeline = (request: SimRequest) => MaybePromise<SimResponse>;

/** The rate-limit bucket of an operation: its `x-rate-limit-bucket` (swap execute counts apart), else `default`. */
function bucketOf(op: OperationInfo): string {
  const declared = op.operation['x-rate-limit-bucket'];
  return typeof declared === 'string' ? declared : 'default';
}

export function createPipeline(deps: PipelineDeps): Pipeline {
  const { sim, router, authenticator, validators, handlers, rateLimiter, faults, doc, errorShapes } = deps;

  // The stages after routing are plain functions of the request's state (no closures made per
  // request): synchronous from end to end unless a stage returns a promise, so a plain GET costs
  // no microtask hops. A request id is made only when an error body reports it.
  const fail = (op: OperationInfo, headers: Record<string, string>, error: unknown): SimResponse => {
    if (error instanceof ApiError)
      return errorResponse(errorShapes.forOperation(op.operationId, error.status), error, deps.nextRequestId(), headers);
    deps.onUnexpectedError(error, op);
    return errorResponse(
      errorShapes.forOperation(op.operationId, 500),
      new ApiError(500, reasonPhrase(500)),
      deps.nextRequestId(),
      headers,
    );
  };
  const respond = (op: OperationInfo, headers: Record<string, string>, result: HandlerResult<OperationId>): SimResponse => {
    try {
      if (result.headers) Object.assign(headers, result.headers);
      return jsonResponse(result.status ?? 200, result.body, headers);
    } catch (error) {
      return fail(op, headers, error);
    }
  };
  const afterAuth = (
    request: SimRequest,
    op: OperationInfo,
    pathParams: Record<string, string>,
    headers: Record<string, string>,
    auth: AuthResult,
  ): MaybePromise<SimResponse> => {
    let outcome: MaybePromise<HandlerResult<OperationId>>;
    try {
      const fault = faults.take(op.operationId);
      if (fault !== undefined)
        return faultResponse(doc, op, errorShapes.forOperation(op.operationId, fault), fault, deps.nextRequestId(), headers);
      const input = validators.get(op.operationId)!.validate(request, pathParams);
      // The one untyped step: the validate stage has just checked `input` against this
      // operation's schemas, which are what its @x/types request types are generated from.
      const handler = handlers[op.operationId as OperationId] as unknown as AnyHandler;
      const ctx: HandlerContext<OperationId> = { sim, op, input: input as HandlerContext<OperationId>['input'], apiKey: auth.apiKey };
      if (auth.wallet) ctx.wallet = auth.wallet;
      outcome = handler(ctx);
    } catch (error) {
      return fail(op, headers, error);
    }
    if (outcome instanceof Promise)
      return outcome.then(
        (result) => respond(op, headers, result),
        (error: unknown) => fail(op, headers, error),
      );
    return respond(op, headers, outcome);
  };

  // The gateway stands before the areas' routes: a path no operation serves is still refused a
  // missing key (401) or a key without access to its area (403) first, as the service's host does.
  const requiresApiKey = requiresApiKeyOf(doc.security);

  return (request) => {
    const match = router.match(request.method, request.path);
    if (match.kind !== 'operation') {
      try {
        authenticator.gateway({ path: request.path, requiresApiKey }, request);
      } catch (error) {
        return errorResponse(errorShapes.forPath(request.path), error as ApiError, deps.nextRequestId());
      }
      if (match.kind === 'method-not-allowed') {
        const error = new ApiError(405, `Method ${request.method} not allowed on ${request.path}`, { code: -2 });
        return errorResponse(errorShapes.forPath(request.path), error, deps.nextRequestId(), { allow: match.allowed.join(', ') });
      }
      return errorResponse(
        errorShapes.forPath(request.path),
        new ApiError(404, `No operation at ${request.method} ${request.path}`),
        deps.nextRequestId(),
      );
    }
    const op = match.operation;
    // The gateway first: a refused key (401) or area (403) is answered before the rate limit
    // counts the request, without the rate-limit headers (as the service does).
    let apiKey: string;
    try {
      apiKey = authenticator.gateway(op, request);
    } catch (error) {
      return fail(op, {}, error);
    }
    const limit = rateLimiter.hit(apiKey || 'anonymous', sim.clock.now(), bucketOf(op));
    const headers = limit.headers;
    if (limit.limited) {
      headers['retry-after'] = String(limit.retryAfterSeconds);
      return fail(op, headers, rateLimited());
    }
    let auth: MaybePromise<AuthResult>;
    try {
      auth = authenticator.authenticate(op, request, apiKey);
    } catch (error) {
      return fail(op, headers, error);
    }
    if (auth instanceof Promise)
      return auth.then(
        (result) => afterAuth(request, op, match.pathParams, headers, result),
        (error: unknown) => fail(op, headers, error),
      );
    return afterAuth(request, op, match.pathParams, headers, auth);
  };
}
