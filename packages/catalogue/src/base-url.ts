// The one check of a base URL that `x` and `x-mcp` both take: given, absolute, http or https,
// without credentials, query or fragment.

/** What is wrong with `--base-url` (or `X_BASE_URL`), or undefined when it may be used. */
export function baseUrlProblem(text: string | undefined): string | undefined {
  if (!text) return 'missing --base-url (or X_BASE_URL)';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // Not repeated: a value that is no URL may be a key given in the wrong place.
    return '--base-url: not an absolute http or https URL, such as http://127.0.0.1:4010 (the value is not repeated)';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return '--base-url: must be http or https (the value is not repeated)';
  // (not repeated: it holds a secret, and fetch refuses such a URL anyway)
  if (url.username || url.password) return '--base-url: must not hold a user name or password (the API key goes in --api-key)';
  // the paths of the operations are appended to it
  // (only what comes before them is repeated: a query may hold a key)
  if (/[?#]/.test(text)) return `--base-url: must not have a query or a fragment: ${url.origin}${url.pathname} without them`;
  return undefined;
}
