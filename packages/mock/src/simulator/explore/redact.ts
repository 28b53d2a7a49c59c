// What the request journal never shows: the API key and bearer token (headers), and in bodies the
// fields the spec marks `x-sensitive` (signed transactions, challenge signatures, tokens; the table
// is generated from the spec, the one list of them). JSON bodies lose the values of those fields at
// any depth; as a second guard every text also loses each secret of its request wherever it
// appears (an echo in an error message, a query string), and a request's body, like any body that is
// not JSON, every long opaque run (a signed transaction under another name, or in text).
import { SENSITIVE_FIELDS } from '../../gen/sensitive.gen.js';

export const REDACTED = '[redacted]';

/** The request headers that carry the caller's credentials (shown as redacted, their values removed from every text). */
export const CREDENTIAL_HEADERS: readonly string[] = ['x-api-key', 'authorization'];

/** Body fields whose values are never shown, by name: the spec's sensitive fields, and the credential headers' names. */
const SECRET_FIELDS: ReadonlySet<string> = new Set([...SENSITIVE_FIELDS, ...CREDENTIAL_HEADERS]);

/** Secrets shorter than this are not searched for in free text (they would mangle ordinary words). */
const MIN_SECRET_LENGTH = 6;

/**
 * A run of 64 or more characters of the base64, base58, base64url and JWT alphabets (escapes and
 * percent-encoding included): a signed transaction, a signature or a token, whatever names it.
 * Every one of them is longer (a signature is 86 to 88 characters of base58).
 */
const LONG_OPAQUE = /[A-Za-z0-9+/=_.%\\-]{64,}/g;

/**
 * A JSON value without its secret fields; with `opaque` (a request's body), its strings also lose
 * every long opaque run (LONG_OPAQUE): a signed transaction sent under a name the spec does not mark.
 */
function redactValue(value: unknown, opaque: boolean): unknown {
  if (opaque && typeof value === 'string') return value.replace(LONG_OPAQUE, REDACTED);
  if (Array.isArray(value)) return value.map((inner) => redactValue(inner, opaque));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value))
      out[key] = SECRET_FIELDS.has(key) && inner !== null ? REDACTED : redactValue(inner, opaque);
    return out;
  }
  return value;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A sensitive field and its value in a text that is not JSON (a malformed body, a form):
 * `"name": "value"`, `name: 'value'`, `name=value`. The value's quotes are kept.
 */
const LOOSE_FIELD = new RegExp(
  `(["']?)\\b(${[...SECRET_FIELDS].map(escapeRegExp).join('|')})\\1(\\s*[:=]\\s*)(?:(["'])(?:(?!\\4)[^\\\\]|\\\\.)*\\4?|[^\\s,;&}\\]]+)`,
  'g',
);

/** A text that is not JSON without the values of the sensitive fields it names, nor any long opaque run. */
function redactLoose(text: string): string {
  return text
    .replace(LOOSE_FIELD, (_all, quote: string, name: string, separator: string, valueQuote?: string) =>
      valueQuote
        ? `${quote}${name}${quote}${separator}${valueQuote}${REDACTED}${valueQuote}`
        : `${quote}${name}${quote}${separator}${REDACTED}`,
    )
    .replace(LONG_OPAQUE, REDACTED);
}

/** `text` with each secret (6 characters or more) replaced. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= MIN_SECRET_LENGTH) out = out.split(secret).join(REDACTED);
  return out;
}

/**
 * A body text without its secret fields (when it is JSON) and without the request's secrets;
 * `opaque` for a request's body (see redactValue).
 */
export function redactBody(text: string, secrets: readonly string[], opaque = false): string {
  if (text === '') return text;
  let out = text;
  try {
    out = JSON.stringify(redactValue(JSON.parse(text), opaque));
  } catch {
    // Not JSON (a malformed body is still shown, to debug it): its sensitive fields are found by
    // name in the text, and any long opaque run goes too.
    out = redactLoose(text);
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
