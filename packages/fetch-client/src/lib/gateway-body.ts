// The one rule that tells the API gateway's error body from an area's: the spec's `GatewayError`
// is `{ code, message }` with an integer code, and no area's error schema has that shape without
// `error` (spec/README.md, "The gateway's errors"). Its own module: the error classes and the
// transport (which renews no bearer token on the gateway's 401) both read it.

/** Whether an error body has the gateway's shape: an integer `code`, a string `message`, no `error`. */
export const isGatewayBody = (body: unknown): boolean =>
  Number.isInteger((body as Fields)?.code) && typeof (body as Fields)?.message === 'string' && (body as Fields)!.error === undefined;

type Fields = Record<string, unknown> | null | undefined;
