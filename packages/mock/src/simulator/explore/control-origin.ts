// Who may call the control API (and load the explorer) from a browser. Without a control key, the
// control API on a loopback address is open to any program of the machine, and so, through the
// user's browser, to any web page: a page could POST /__control/reset or set balances
// (cross-site request forgery), or rebind its own domain to 127.0.0.1 and read the journal (DNS
// rebinding). Two checks close that, on requests that came over HTTP (they carry a Host header;
// the fetch handler's own callers, MSW and tests, send none):
//   - an `Origin` header (a browser's cross-origin request, or any POST) must name the server's own
//     origin: the same host and port as the Host header;
//   - without a control key, the Host header must name this machine (localhost, *.localhost,
//     127.0.0.0/8, ::1, or 0.0.0.0 / :: as typed in a browser) or one of the names given
//     (`controlHosts`): a rebound domain is refused.
//     With a key, the key is the guard (a page cannot know it), so a team may reach a shared
//     simulator by any name.

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|localhost|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** Whether `host` (a host name or address, IPv6 with or without brackets) names this machine only. */
export function isLoopback(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  return LOOPBACK.test(name) || name.endsWith('.localhost');
}

/**
 * The unspecified addresses: a browser that opens http://0.0.0.0:PORT reaches this machine (a page
 * of another site that tries is stopped by the Origin check). Not loopback for binding.
 */
const UNSPECIFIED: ReadonlySet<string> = new Set(['0.0.0.0', '[::]']);

/** The host name of a Host header value (`name:port`, `[v6]:port`), lower-cased, without a trailing dot. */
export function hostName(hostHeader: string): string {
  const value = hostHeader.trim().toLowerCase();
  const name = value.startsWith('[') ? value.slice(0, value.indexOf(']') + 1) : value.replace(/:\d*$/, '');
  return name.replace(/\.$/, '');
}

/** `host:port` as a URL writes it (default port dropped), or undefined when it is not one. */
function normalHost(scheme: string, hostPort: string): string | undefined {
  try {
    return new URL(`${scheme}//${hostPort}`).host;
  } catch {
    return undefined;
  }
}

export interface ControlOriginOptions {
  /** Whether a control key guards the control API. */
  keyed: boolean;
  /** Further host names (lower case) the control API answers to without a key. */
  hosts: ReadonlySet<string>;
}

/** Why a control request is refused (403), or undefined when it may go on. */
export function foreignControlRequest(header: (name: string) => string | undefined, options: ControlOriginOptions): string | undefined {
  const host = header('host');
  if (host === undefined) return undefined;
  if (!options.keyed) {
    const name = hostName(host);
    if (!isLoopback(name) && !UNSPECIFIED.has(name) && !options.hosts.has(name))
      return `the control API answers only to this machine's names (localhost, 127.0.0.1, ::1), not to the host ${name}: reach it by one of them, or start the server with a control key`;
  }
  const origin = header('origin');
  if (origin === undefined) return undefined;
  let own: string | undefined;
  try {
    const url = new URL(origin);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin.replace(/\/$/, ''))
      own = normalHost(url.protocol, host);
    if (own !== undefined && url.host === own) return undefined;
  } catch {
    // not an origin: refused below
  }
  return `the control API does not answer requests from another origin (${origin}): use it from its own explorer page, or without a browser`;
}
