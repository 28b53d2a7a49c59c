// The bearer token both bins are given (`--bearer-token`, `X_BEARER_TOKEN`) as the client's token
// source. It is fixed: when the service refuses it (401) there is no other token to try, so the
// client's one renewal fails at once with BearerTokenRefused, instead of sending the same token
// again, and the bin says what to do.

/** The service refused the bearer token it was given (a 401 from a trigger v2 operation). */
export class BearerTokenRefused extends Error {
  override name = 'BearerTokenRefused';
  constructor() {
    super(
      'the trigger v2 bearer token was refused (401): it lives 24 hours. Sign in again (trigger v2 challenge, then verify) and give the new token with --bearer-token or X_BEARER_TOKEN',
    );
  }
}

/** A token source that gives `token`, and refuses to renew it. */
export function fixedBearer(token: string): { getToken(options?: { refresh?: boolean }): Promise<string> } {
  return {
    getToken: async (options) => {
      if (options?.refresh) throw new BearerTokenRefused();
      return token;
    },
  };
}
