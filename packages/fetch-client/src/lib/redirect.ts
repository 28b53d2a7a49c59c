// Redirects are followed by the client itself (fetch runs with `redirect: 'manual'`), so that the
// API key, the bearer token and the body never reach another origin: fetch drops only
// `Authorization` across origins, not `x-api-key`, and repeats the body on 307/308.
//
// - Same origin as the request: followed, at most `maxRedirects` times. 303, and 301/302 of a
//   POST, become a GET without body (the fetch standard's rules); 307/308 keep method and body.
// - Another origin (another scheme, host or port): refused with a `RedirectError` naming it.
// - In a browser a manual redirect is opaque (type `opaqueredirect`, no status, no Location), so
//   the client cannot tell where it leads: every redirect ends in a `RedirectError`.

export interface Hop {
  url_: string;
  method_: string;
  body_: string | undefined;
}

/** A redirect that is not followed: why (`to <origin>`), and the target origin when known. */
export interface Refusal {
  refused_: string;
  origin_?: string;
}

/**
 * The request to send after a redirect answer, `undefined` when the answer is not a redirect, or
 * why it is refused (`to <origin>`) with the target origin, if known.
 */
export function nextHop(response: Response, hop: Hop): Hop | Refusal | undefined {
  const { status } = response;
  // Status 0: an `opaqueredirect` answer (the client never asks for `no-cors` opaque ones).
  if (!status) return { refused_: '(the browser hides where)' };
  // 304 is not a redirect, 305 and 306 are not used.
  const location = [301, 302, 303, 307, 308].includes(status) && response.headers.get('location');
  if (!location) return undefined;
  const { origin, href } = new URL(location, hop.url_);
  if (origin !== new URL(hop.url_).origin) return { refused_: `to ${origin}`, origin_: origin };
  const keep = status > 306 || (status < 303 && hop.method_ !== 'POST');
  return { url_: href, method_: keep || hop.method_ === 'HEAD' ? hop.method_ : 'GET', body_: keep ? hop.body_ : undefined };
}
