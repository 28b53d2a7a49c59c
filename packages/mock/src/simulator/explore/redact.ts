// What the request journal never shows: the API key and bearer token (headers), and in bodies every
// signature, signed transaction, transaction and token. JSON bodies lose the values of those
// fields; as a second guard every text also loses each secret of its request wherever it appears
// (an echo in an error message, a query string).

export const REDACTED = '[redacted]';

/** Body fields whose values are secrets or signed material, by name. */
const SECRET_FIELD = /signature|signed|secret|password|api[-_]?key|^token$|^transactions?$|^authorization$/i;

/** Secrets shorter than this are not searched for in free text (they would mangle ordinary words). */
const MIN_SECRET_LENGTH = 6;

function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[key] = SECRET_FIELD.test(key) && inner !== null ? REDACTED : redactValue(inner);
    return out;
  }
  return value;
}

/** `text` with each secret (6 characters or more) replaced. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= MIN_SECRET_LENGTH) out = out.split(secret).join(REDACTED);
  return out;
}

/** A body text without its secret fields (when it is JSON) and without the request's secrets. */
export function redactBody(text: string, secrets: readonly string[]): string {
  if (text === '') return text;
  let out = text;
  try {
    out = JSON.stringify(redactValue(JSON.parse(text)));
  } catch {
    // Not JSON: only the secrets themselves go.
  }
  return redactSecrets(out, secrets);
}

/** The secrets a request carries: its API key and its bearer token. */
export function requestSecrets(apiKey: string | undefined, authorization: string | undefined): string[] {
  const out: string[] = [];
  if (apiKey) out.push(apiKey);
  if (authorization) {
    out.push(authorization);
    const token = authorization.replace(/^bearer\s+/i, '');
    if (token !== authorization) out.push(token);
  }
  return out;
}
