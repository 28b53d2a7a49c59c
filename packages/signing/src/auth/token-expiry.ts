/**
 * Reads the expiry (`exp`, seconds) of a JWT without verifying it: the session only uses it to know
 * when to ask for a new token. Returns epoch milliseconds, or undefined when there is none.
 */
export function jwtExpiryMs(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (payload === undefined || payload.length === 0) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as unknown;
    const exp = (json as { exp?: unknown } | null)?.exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}
