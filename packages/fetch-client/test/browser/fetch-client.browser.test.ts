// @x/fetch-client in Chromium: the built client, bundled by esbuild into a page on 127.0.0.1,
// calls a small API served on the page's origin with the browser's own fetch: query, JSON body,
// API key and rate-limit headers, typed errors, a retry after 503 and a time limit.
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestPage, type BrowserTestPage } from '../../../../tools/browser/page.ts';
import type { FetchClientScenarios } from './page-entry.ts';

const entry = fileURLToPath(new URL('./page-entry.ts', import.meta.url));

interface Hit {
  method: string;
  path: string;
  query: Record<string, string>;
  apiKey: string | undefined;
  contentType: string | undefined;
  body: string;
}
const hits: Hit[] = [];
let listEventsCalls = 0;
const stalled: ServerResponse[] = [];

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

function api(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    hits.push({
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      apiKey: req.headers['x-api-key'] as string | undefined,
      contentType: req.headers['content-type'],
      body: Buffer.concat(chunks).toString('utf8'),
    });
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /api/swap/v2/order') {
      json(
        res,
        200,
        { transaction: null, router: 'router_onchain', requestId: 'order-1', inAmount: url.searchParams.get('amount') },
        {
          'x-ratelimit-remaining': '41',
          'x-ratelimit-current': '9',
          'x-ratelimit-reset': '30',
        },
      );
    } else if (route === 'POST /api/swap/v2/execute') {
      json(res, 200, {
        status: 'Success',
        code: 0,
        signature: 'sig-1',
        requestId: JSON.parse(Buffer.concat(chunks).toString('utf8')).requestId,
      });
    } else if (route === 'GET /api/prediction/v1/events/no-such-event') {
      json(res, 404, { error: 'Event not found', request_id: 'req-404' });
    } else if (route === 'GET /api/prediction/v1/events') {
      listEventsCalls += 1;
      if (listEventsCalls === 1) json(res, 503, { error: 'Service unavailable' });
      else json(res, 200, { data: [], pagination: { start: 0, end: 0, total: 0, hasNext: false } });
    } else if (route === 'GET /api/prediction/v1/markets/moved') {
      // To another origin, which records what reaches it: nothing must.
      res.writeHead(302, { location: `${otherOrigin}/collect` }).end();
    } else if (route === 'GET /api/prediction/v1/trading-status') {
      stalled.push(res); // never answers; the client's time limit ends the call
    } else {
      json(res, 404, { error: `no route ${route}` });
    }
  });
}

/** Another origin (another port), to which the API redirects. */
const otherHits: string[] = [];
const other = createServer((req, res) => {
  otherHits.push(`${req.method} ${req.url} key=${req.headers['x-api-key']}`);
  res.writeHead(200, { 'access-control-allow-origin': '*' }).end('{}');
});
let otherOrigin = '';

let page: BrowserTestPage<FetchClientScenarios>;
beforeAll(async () => {
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  page = await openTestPage<FetchClientScenarios>(entry, { api });
}, 120_000); // (a hang guard: bundling and starting Chromium take many seconds on a loaded machine)
afterAll(async () => {
  for (const res of stalled) res.destroy();
  await page?.close();
  other.closeAllConnections();
  await new Promise((resolve) => other.close(resolve));
});

describe('@x/fetch-client in the browser', () => {
  it('sends the API key and query, reads rate-limit headers, posts a JSON body', async () => {
    hits.length = 0;
    const r = await page.run('swapOrderAndExecute');
    expect(r.order).toEqual({
      status: 200,
      requestId: 'order-1',
      router: 'router_onchain',
      rateLimit: { remaining: 41, current: 9, reset: 30 },
    });
    expect(r.execute).toEqual({ status: 'Success', code: 0, success: true, group: 'success' });
    expect(hits.map((h) => `${h.method} ${h.path}`)).toEqual(['GET /api/swap/v2/order', 'POST /api/swap/v2/execute']);
    expect(hits[0]!.apiKey).toBe('browser-key');
    expect(hits[0]!.query).toEqual({
      inputMint: 'D6gqDYHvpEparhs6TGfnXKtNEzVe48aLfmB6bKNjdKsD',
      outputMint: '7gQqK6wWf1gAc7f2R4oQ18Q4m6Vazr1umgktSGsnJZny',
      amount: '100000000',
    });
    expect(hits[1]!.contentType).toContain('application/json');
    expect(JSON.parse(hits[1]!.body)).toEqual({ signedTransaction: 'AQ==', requestId: 'order-1' });
  });

  it('turns a 404 into a NotFoundError with its body and request id', async () => {
    // Chromium logs every error status of a fetch as a console error: exactly that one is expected.
    const r = await page.runExpecting([/console error: Failed to load resource: .*404/], 'notFound');
    expect(r).toEqual({
      name: 'NotFoundError',
      isNotFound: true,
      isApiError: true,
      status: 404,
      requestId: 'req-404',
      body: { error: 'Event not found', request_id: 'req-404' },
    });
  });

  it('retries a GET answered 503 and returns the next answer', async () => {
    listEventsCalls = 0;
    const r = await page.runExpecting([/console error: Failed to load resource: .*503/], 'retryAfter503');
    expect(r).toEqual({ data: [], pagination: { start: 0, end: 0, total: 0, hasNext: false } });
    expect(listEventsCalls).toBe(2);
  });

  it('ends a stalled call with a TimeoutError', async () => {
    const r = await page.runExpecting([/request failed: GET .*\/api\/prediction\/v1\/trading-status net::ERR_ABORTED/], 'timeout');
    expect(r).toEqual({ isTimeout: true, timeoutMs: 200, operation: 'GET /prediction/v1/trading-status' });
    expect(stalled).toHaveLength(1);
  });

  it('refuses a redirect: the API key is not sent to where it leads', async () => {
    hits.length = 0;
    // Chromium reports the redirect it did not follow as an aborted request.
    const r = await page.runExpecting([/request failed: GET .*\/collect net::ERR_ABORTED/], 'redirected');
    expect(r).toEqual({
      isRedirect: true,
      status: 0,
      targetOrigin: null,
      message: 'GET /prediction/v1/markets/{marketId} was redirected (hidden by the browser): not followed',
    });
    expect(hits.map((h) => `${h.method} ${h.path}`)).toEqual(['GET /api/prediction/v1/markets/moved']);
    expect(otherHits).toEqual([]);
  });

  it('had no page error, console error or failed request', () => {
    expect(page.problems).toEqual([]);
  });
});
