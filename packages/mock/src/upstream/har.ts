// One upstream exchange as a HAR 1.2 entry (the format of browsers' devtools, Polly.js and
// Playwright), so a recording opens in tools people already have. Secrets are never written: the
// request keeps only `accept` (never `x-api-key`, never `authorization`), the URL loses any user
// info, and the answer keeps only the headers a replay needs (content type, date, rate limits,
// Retry-After, location). The fields starting with `_` are this package's own (HAR allows them).

export interface HarHeader {
  name: string;
  value: string;
}

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    headers: HarHeader[];
    queryString: HarHeader[];
    cookies: [];
    headersSize: -1;
    bodySize: number;
    postData?: { mimeType: string; text: string };
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    headers: HarHeader[];
    cookies: [];
    content: { size: number; mimeType: string; text: string };
    redirectURL: string;
    headersSize: -1;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  /** The operation the request was made for. */
  _operationId: string;
  /** The request target (path and sorted query) below the base URL: what a replay matches on. */
  _target: string;
  /** Simulated time (epoch ms) of the exchange: a replay moves its clock to it. */
  _simulatedTime: number;
  /** Why no answer came (timeout, connection refused), for an exchange with status 0. */
  _error?: string;
}

/** A recording: the entries of one session, in the order they happened. */
export interface Recording {
  entries: readonly HarEntry[];
}

/** Where a recording goes, one entry at a time (`@x/mock/node` writes a directory of JSON files). */
export interface RecordSink {
  write(entry: HarEntry): void;
}

const KEPT_RESPONSE_HEADERS = /^(content-type|date|retry-after|location|x-ratelimit-[a-z-]+)$/;

export interface Exchange {
  operationId: string;
  baseUrl: string;
  target: string;
  startedAt: number;
  durationMs: number;
  simulatedTime: number;
  status: number;
  statusText: string;
  headers: Iterable<[string, string]>;
  bodyText: string;
  error?: string;
  /** Default GET (what the upstream sends). */
  method?: string;
  /** Default `accept: application/json` alone; the caller keeps secrets out of them. */
  requestHeaders?: HarHeader[];
  /** A request body (the simulator's request journal), already without secrets. */
  requestBody?: { mimeType: string; text: string };
}

/** The base URL as it may be written down: no user name or password. */
export function publicBaseUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  url.username = '';
  url.password = '';
  return url.toString().replace(/\/+$/, '');
}

export function harEntry(exchange: Exchange): HarEntry {
  const url = publicBaseUrl(exchange.baseUrl) + exchange.target;
  const headers: HarHeader[] = [];
  for (const [name, value] of exchange.headers) {
    if (KEPT_RESPONSE_HEADERS.test(name.toLowerCase())) headers.push({ name: name.toLowerCase(), value });
  }
  headers.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const encoder = new TextEncoder();
  const bytes = encoder.encode(exchange.bodyText).length;
  const posted = exchange.requestBody;
  return {
    startedDateTime: new Date(exchange.startedAt).toISOString(),
    time: exchange.durationMs,
    request: {
      method: exchange.method ?? 'GET',
      url,
      httpVersion: 'HTTP/1.1',
      headers: exchange.requestHeaders ?? [{ name: 'accept', value: 'application/json' }],
      queryString: [...new URL(url).searchParams].map(([name, value]) => ({ name, value })),
      cookies: [],
      headersSize: -1,
      bodySize: posted ? encoder.encode(posted.text).length : 0,
      ...(posted ? { postData: posted } : {}),
    },
    response: {
      status: exchange.status,
      statusText: exchange.statusText,
      httpVersion: 'HTTP/1.1',
      headers,
      cookies: [],
      content: {
        size: bytes,
        mimeType: headers.find((h) => h.name === 'content-type')?.value ?? 'application/json',
        text: exchange.bodyText,
      },
      redirectURL: headers.find((h) => h.name === 'location')?.value ?? '',
      headersSize: -1,
      bodySize: bytes,
    },
    cache: {},
    timings: { send: 0, wait: exchange.durationMs, receive: 0 },
    _operationId: exchange.operationId,
    _target: exchange.target,
    _simulatedTime: exchange.simulatedTime,
    ...(exchange.error !== undefined ? { _error: exchange.error } : {}),
  };
}

/** A header reader over a HAR entry's answer headers. */
export const harHeader =
  (entry: HarEntry) =>
  (name: string): string | null =>
    entry.response.headers.find((h) => h.name === name.toLowerCase())?.value ?? null;

/** Checks the parts of a HAR entry a replay reads; throws a TypeError naming what is wrong. */
export function checkHarEntry(value: unknown, where: string): HarEntry {
  const e = value as Partial<HarEntry> | null;
  const ok =
    e !== null &&
    typeof e === 'object' &&
    typeof e._operationId === 'string' &&
    typeof e._target === 'string' &&
    typeof e._simulatedTime === 'number' &&
    typeof e.response?.status === 'number' &&
    typeof e.response.content?.text === 'string' &&
    Array.isArray(e.response.headers);
  if (!ok) throw new TypeError(`${where}: not an x-mock HAR entry (needs _operationId, _target, _simulatedTime, response)`);
  return e as HarEntry;
}
