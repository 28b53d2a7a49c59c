// Redirects are followed by the client itself (fetch runs with `redirect: 'manual'`), so that the
// API key, the bearer token and the body never reach another origin: fetch drops only
// `Authorization` across origins, not `x-api-key`, and repeats the body on 307/308.
//
// - Same origin as the request: followed, at most `maxRedirects` times. 303, and 301/302 of a
//   POST, become a GET without body (the fetch standard's rules); 307/308 keep method and body.
// - Another origin (another scheme, host or port): refused with a `RedirectError` naming it.
// - In a browser a manual redirect is opaque (type `opaqueredirect`, no status, no Location), so
//   the client cannot tell where it leads: every redirect ends in a `RedirectError`.
import { RedirectError } from './errors.js';

/** What fetch is given for one attempt; a redirect may turn it into a GET without body. */
export interface Hop {
  method: string;
  body: string | undefined;
  headers: Record<string, string>;
}

/**
 * The URL to request after `response` (from `url`), `undefined` when it is not a redirect (the
 * body of a redirect is dropped). A 303, or a 301/302 of a POST, turns `hop` into a GET without
 * body or content type. Throws a `RedirectError` for one that is not followed: to another origin
 * (named, with `targetOrigin`), past `max` (`redirects` followed so far), or hidden by the browser.
 */
export function redirectTarget(
  response: Response,
  url: string,
  hop: Hop,
  operation: string,
  max: number,
  redirects: number,
): string | undefined {
  const { status } = response;
  const location = [301, 302, 303, 307, 308].includes(status) && response.headers.get('location');
  if (status && !location) return undefined;
  response.body?.cancel().catch(() => {});
  // A browser's redirect has status 0 and no Location: its target is unknown.
  const target = status ? new URL(location as string, url) : undefined;
  const origin = target?.origin;
  const away = origin !== new URL(url).origin;
  if (away || redirects >= max)
    throw new RedirectError(
      `${operation} was redirected ${target ? (away ? `to ${origin}` : `more than ${max} times`) : '(hidden by the browser)'}: not followed`,
      operation,
      { status, targetOrigin: away ? origin : undefined },
    );
  if (status === 303 ? hop.method !== 'HEAD' : status < 303 && hop.method === 'POST') {
    const { 'content-type': _, ...headers } = hop.headers;
    hop.method = 'GET';
    hop.body = undefined;
    hop.headers = headers;
  }
  return target!.href;
}
