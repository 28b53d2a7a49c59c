// Which operation of the catalogue a request is, found by its method and its URL's path matched
// against the operations' path templates, the base URL's own path taken off first. `politeFetch`
// (@x/fetch-client/polite) asks it how long an answer may be reused (the spec's `x-market-data`)
// and whether a GET changes state (never cached nor shared then).
import type { CatalogueOperation } from './catalogue-types.js';
import { catalogue } from './gen/catalogue.gen.js';

const pattern = (path: string) => new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^/}]+\}/g, '[^/]+')}$`);

// A literal segment wins over a parameter (`/events/scores` is not `/events/{eventId}`): the paths
// with fewer parameters are tried first.
const templates = catalogue
  .map((op) => ({ op, match: pattern(op.path), params: op.path.split('{').length }))
  .sort((a, b) => a.params - b.params);

/** The operation a request to this base URL is, or undefined when none matches. */
export function operationAt(baseUrl: string): (method: string, url: URL) => CatalogueOperation | undefined {
  const prefix = new URL(baseUrl).pathname.replace(/\/+$/, '');
  return (method, url) => {
    if (!url.pathname.startsWith(prefix)) return undefined;
    const path = url.pathname.slice(prefix.length);
    const upper = method.toUpperCase();
    return templates.find((t) => t.op.method === upper && t.match.test(path))?.op;
  };
}
