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

/** One request of an attempt: the first, or one after a redirect. */
export interface Hop {
  url_: string;
  method_: string;
  body_: string | undefined;
}

/**
 * The request to send after `response`, `undefined` when it is not a redirect (the body of a
 * redirect is dropped). Throws a `RedirectError` for one that is not followed: to another origin
 * (named, with `targetOrigin`), past `max` (`redirects` followed so far), or hidden by the browser.
 */
export function nextHop(response: Response, hop: Hop, operation: string, max: number, redirects: number): Hop | undefined {
  const { status } = response;
  const location = [301, 302, 303, 307, 308].includes(status) && response.headers.get('location');
  if (status && !location) return undefined;
  response.body?.cancel().catch(() => {});
  const target = status ? new URL(location as string, hop.url_) : undefined;
  const origin = target?.origin;
  const away = origin !== new URL(hop.url_).origin;
  if (away || redirects >= max)
    throw new RedirectError(
      `${operation} was redirected ${target ? (away ? `to ${origin}` : `more than ${max} times`) : '(hidden by the browser)'}: not followed`,
      operation,
      { status, targetOrigin: away ? origin : undefined },
    );
  const keep = status > 306 || (status < 303 && hop.method_ !== 'POST');
  return { url_: target!.href, method_: keep || hop.method_ === 'HEAD' ? hop.method_ : 'GET', body_: keep ? hop.body_ : undefined };
}
