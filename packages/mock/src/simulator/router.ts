// Route stage: matches method + path against the spec's path templates. Literal segments win
// over template segments (`/events/search` before `/events/{eventId}`), the first one where two
// templates differ deciding between equally specific ones. One router serves every
// simulator of a document (its cache of recent matches holds no per-instance state). The MSW
// handlers route with it too (on their operations' method and path), so both pick the same operation.
import type { OperationInfo } from './operations.js';

/** What a router needs of an operation. */
export type RoutedOperation = Pick<OperationInfo, 'method' | 'path'>;

export type RouteMatch<O extends RoutedOperation = OperationInfo> =
  | { kind: 'operation'; operation: O; pathParams: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' };

interface CompiledRoute<O extends RoutedOperation> {
  segments: Array<{ literal: string } | { param: string }>;
  literalCount: number;
  byMethod: Map<string, O>;
}

export interface Router<O extends RoutedOperation = OperationInfo> {
  match(method: string, path: string): RouteMatch<O>;
}

function compile<O extends RoutedOperation>(template: string): CompiledRoute<O> {
  const segments = template
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const m = /^\{([^}]+)\}$/.exec(segment);
      return m ? { param: m[1] as string } : { literal: segment };
    });
  return { segments, literalCount: segments.filter((s) => 'literal' in s).length, byMethod: new Map() };
}

/** Negative when `a` has a literal where `b` first has a template, positive the other way round, else 0. */
function literalFirst<O extends RoutedOperation>(a: CompiledRoute<O>, b: CompiledRoute<O>): number {
  for (let i = 0; i < Math.min(a.segments.length, b.segments.length); i++) {
    const aLiteral = 'literal' in a.segments[i]!;
    if (aLiteral !== 'literal' in b.segments[i]!) return aLiteral ? -1 : 1;
  }
  return 0;
}

export function createRouter<O extends RoutedOperation = OperationInfo>(operations: readonly O[]): Router<O> {
  const byTemplate = new Map<string, CompiledRoute<O>>();
  for (const operation of operations) {
    let route = byTemplate.get(operation.path);
    if (!route) {
      route = compile<O>(operation.path);
      byTemplate.set(operation.path, route);
    }
    route.byMethod.set(operation.method, operation);
  }
  // Most specific first: more literal segments win; between as many, the one with a literal at the
  // first segment where one has a literal and the other a template (`/events/suggested/{pubkey}`
  // before `/events/{eventId}/score`), so that the order of the spec's paths never decides.
  const routes = [...byTemplate.values()].sort((a, b) => b.literalCount - a.literalCount || literalFirst(a, b));
  const byLength = new Map<number, CompiledRoute<O>[]>();
  for (const route of routes) {
    const list = byLength.get(route.segments.length) ?? [];
    list.push(route);
    byLength.set(route.segments.length, list);
  }

  // Recent matches by method, then path (no key strings joined per request), all cleared when
  // they hold CACHE_SIZE paths (bounded under fuzzing).
  const cache = new Map<string, Map<string, RouteMatch<O>>>();
  const CACHE_SIZE = 512;
  let cached = 0;
  // The last match: the same request again is found by comparing text (no hashing of a new string).
  let lastMethod = '';
  let lastPath = '';
  let lastHit: RouteMatch<O> | undefined;

  return {
    match(method, path) {
      if (lastHit !== undefined && path === lastPath && method === lastMethod) return lastHit;
      if (path.length > 200) return matchUncached(method, path);
      let byPath = cache.get(method);
      let hit = byPath?.get(path);
      if (hit === undefined) {
        hit = matchUncached(method, path);
        if (cached >= CACHE_SIZE) {
          cache.clear();
          cached = 0;
          byPath = undefined;
        }
        if (byPath === undefined) {
          byPath = new Map();
          cache.set(method, byPath);
        }
        byPath.set(path, hit);
        cached++;
      }
      lastMethod = method;
      lastPath = path;
      lastHit = hit;
      return hit;
    },
  };

  function matchUncached(method: string, path: string): RouteMatch<O> {
    {
      const parts = path.split('/').filter(Boolean);
      const candidates = byLength.get(parts.length) ?? [];
      let allowed: string[] | undefined;
      for (const route of candidates) {
        const params: Record<string, string> = {};
        let ok = true;
        for (let i = 0; i < parts.length; i++) {
          const segment = route.segments[i]!;
          const part = parts[i]!;
          if ('literal' in segment) {
            if (segment.literal !== part) {
              ok = false;
              break;
            }
          } else {
            let value: string;
            try {
              value = decodeURIComponent(part);
            } catch {
              value = part;
            }
            params[segment.param] = value;
          }
        }
        if (!ok) continue;
        const operation = route.byMethod.get(method) ?? (method === 'HEAD' ? route.byMethod.get('GET') : undefined);
        if (operation) return { kind: 'operation', operation, pathParams: params };
        allowed ??= [...route.byMethod.keys()];
      }
      return allowed ? { kind: 'method-not-allowed', allowed } : { kind: 'not-found' };
    }
  }
}
