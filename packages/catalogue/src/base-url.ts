// The one check of a base URL that `x` and `x-mcp` both take: given, absolute, http or https.

/** What is wrong with `--base-url` (or `X_BASE_URL`), or undefined when it may be used. */
export function baseUrlProblem(text: string | undefined): string | undefined {
  if (!text) return 'missing --base-url (or X_BASE_URL)';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `--base-url: not a URL: ${text}`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `--base-url: must be http or https: ${text}`;
  return undefined;
}
