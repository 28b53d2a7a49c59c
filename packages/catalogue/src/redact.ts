// Secrets (the API key, the bearer token) are never printed or returned by this code. As a second
// guard, every message passes through `redact` with the secrets in use, in case something echoes
// one (a service, a URL in an error); a JSON value passes through `redactValue`. A secret shorter
// than 6 characters is not searched for: it would match ordinary words and mangle the text, and it
// is not a secret worth the name.

export const MIN_REDACTED_LENGTH = 6;

/** `text` with every occurrence of each secret (6 characters or more) replaced by `[redacted]`. */
export function redact(text: string, secrets: ReadonlyArray<string | undefined>): string {
  let out = text;
  for (const secret of secrets) if (secret && secret.length >= MIN_REDACTED_LENGTH) out = out.split(secret).join('[redacted]');
  return out;
}

/** A copy of a JSON value with `redact` applied to every string in it, object keys included. */
export function redactValue<T>(value: T, secrets: ReadonlyArray<string | undefined>): T {
  if (typeof value === 'string') return redact(value, secrets) as T;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets)) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [redact(key, secrets), redactValue(item, secrets)])) as T;
}
