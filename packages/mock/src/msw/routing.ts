// Which operation a request is for, by the simulator's router (literal segments win over
// parameters), so that a handler of `events/{eventId}` placed ahead of the others (`server.use`)
// passes `events/search` on to that operation's handler instead of answering it.
import type { FixtureOperationId } from '../gen/fixtures.gen.js';
import { requestExamples } from '../gen/request-examples.gen.js';
import { createRouter, type Router } from '../simulator/router.js';

interface Route {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
}

let router: Router<Route> | undefined;

/**
 * Whether `request`, which the MSW handler of `operationId` matched, is for that operation: false
 * when its path is another operation's with more literal segments. The handler's path may follow
 * any origin and prefix, so the request's last segments are routed, as many as the operation's path has.
 */
export function isRequestFor(operationId: FixtureOperationId, request: Request): boolean {
  router ??= createRouter<Route>(Object.entries(requestExamples).map(([id, e]) => ({ operationId: id, method: e.method, path: e.path })));
  const length = requestExamples[operationId].path.split('/').filter(Boolean).length;
  const segments = new URL(request.url).pathname.split('/').filter(Boolean).slice(-length);
  const match = router.match(request.method, `/${segments.join('/')}`);
  return match.kind !== 'operation' || match.operation.operationId === operationId;
}
