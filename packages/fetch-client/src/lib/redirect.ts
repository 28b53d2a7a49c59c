// Redirects are never followed. Fetch runs with `redirect: 'manual'` and every redirect ends the
// attempt with a `RedirectError` naming its status and the origin it pointed to; its body is
// cancelled. The service documents no redirect (one most likely means a wrong base URL), and
// following one would send the API key, the bearer token and the body on: fetch drops only
// `Authorization` across origins, not `x-api-key`, and repeats the body on 307/308. It is also what a browser
// allows: there a manual redirect is opaque (type `opaqueredirect`, status 0, no Location), so
// its target is unknown. One behaviour on every runtime.
import { RedirectError } from './errors.js';

/**
 * Throws a `RedirectError` when `response` (to a request for `url`) is a redirect: a 301, 302,
 * 303, 307 or 308 with a Location (named by its origin, `targetOrigin`), or a browser's opaque
 * redirect (status 0, target unknown). Any other answer passes.
 */
export function refuseRedirect(response: Response, url: string, operation: string): void {
  const { status } = response;
  const location = [301, 302, 303, 307, 308].includes(status) && response.headers.get('location');
  if (status && !location) return;
  response.body?.cancel().catch(() => {});
  const targetOrigin = status ? new URL(location as string, url).origin : undefined;
  throw new RedirectError(
    `${operation} was redirected ${targetOrigin ? `to ${targetOrigin}` : '(hidden by the browser)'}: not followed`,
    operation,
    { status, targetOrigin },
  );
}
