// The control key: when set, every request to the control API (and so every action of the
// explorer page) must carry it, in `x-control-key` or as `Authorization: Bearer <key>`. Keys are
// compared in constant time (for a given key length): every byte is looked at, whatever matches.

export const CONTROL_KEY_HEADER = 'x-control-key';

const encoder = new TextEncoder();

export function sameKey(given: string, expected: string): boolean {
  const a = encoder.encode(given);
  const b = encoder.encode(expected);
  let diff = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) diff |= (a[i % Math.max(a.length, 1)] ?? 0) ^ b[i]!;
  return diff === 0;
}

/** The key a request presents, if any. */
export function presentedKey(header: (name: string) => string | undefined): string | undefined {
  const direct = header(CONTROL_KEY_HEADER);
  if (direct !== undefined) return direct;
  const auth = header('authorization');
  const match = auth === undefined ? null : /^Bearer\s+(.+)$/i.exec(auth);
  return match?.[1];
}
