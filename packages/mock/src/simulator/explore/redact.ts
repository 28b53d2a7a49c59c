// What the request journal never shows: the API key and bearer token (headers), and in bodies the
// fields the spec marks `x-sensitive` (signed transactions, challenge signatures, tokens; the table
// is generated from the spec, the one list of them). JSON bodies lose the values of those fields at
// any depth; as a second guard every text also loses each secret of its request wherever it
// appears (an echo in an error message, a query string).
import { SENSITIVE_FIELDS } from '../../gen/sensitive.gen.js';

export const REDACTED = '[redacted]';

/** The request headers that carry the caller's credentials (shown as redacted, their values removed from every text). */
export const CREDENTIAL_HEADERS: readonly string[] = ['x-api-key', 'authorization'];

/** Body fields whose values are never shown, by name: the spec's sensitive fields, and the credential headers' names. */
const SECRET_FIELDS: ReadonlySet<string> = new Set([...SENSITIVE_FIELDS, ...CREDENTIAL_HEADERS]);

/** Secrets shorter than this are not searched for in free text (they would mangle ordinary words). */
const MIN_SECRET_LENGTH = 6;

function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[key] = SECRET_FIELDS.has(key) && inner !== null ? REDACTED : redactValue(inner);
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
