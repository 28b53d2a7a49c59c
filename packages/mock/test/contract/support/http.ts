// A small request helper for the suites: one call, its status, headers and raw body.
export interface HttpCall {
  method: string;
  /** Path with the parameters already filled in (may include a query string). */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** A value sent as JSON, or a string sent as is. */
  body?: unknown;
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  contentType: string | null;
  text: string;
  json<T = any>(): T;
}

export function buildUrl(baseUrl: string, call: Pick<HttpCall, 'path' | 'query'>): string {
  const url = new URL(`${baseUrl.replace(/\/$/, '')}${call.path}`);
  for (const [name, value] of Object.entries(call.query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url.toString();
}

export async function send(baseUrl: string, call: HttpCall, timeoutMs = 20_000): Promise<HttpAnswer> {
  const headers: Record<string, string> = { ...(call.headers ?? {}) };
  let body: string | undefined;
  if (call.body !== undefined) {
    body = typeof call.body === 'string' ? call.body : JSON.stringify(call.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(buildUrl(baseUrl, call), {
    method: call.method,
    headers,
    ...(body !== undefined ? { body } : {}),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    contentType: response.headers.get('content-type'),
    text,
    json<T>() {
      return JSON.parse(text) as T;
    },
  };
}
