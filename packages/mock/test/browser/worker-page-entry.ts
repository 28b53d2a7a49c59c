// Runs in Chromium, bundled by esbuild from the packed @x/mock installed in a fresh project
// (tools/browser/packed-project.ts), as an app uses the MSW handlers: `setupWorker(...handlers())`
// of msw/browser registers MSW's service worker, and the page's own `fetch` calls are answered by
// the handlers through it. The test bundles this entry once per msw version of the peer range.
import { requestExamples, type RequestExampleOperationId } from '@x/mock';
import { handler, handlers } from '@x/mock/msw';
import { HttpResponse } from 'msw';
import { setupWorker } from 'msw/browser';
import mswPackage from 'msw/package.json' with { type: 'json' };
import { exposeScenarios } from '../../../../tools/browser/expose.ts';

/** A well-formed bearer JWT (the handlers check its presence and form, not its signature). */
const BEARER = 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ3YWxsZXQifQ.c2lnbmF0dXJl';

interface Answer {
  status: number;
  body: unknown;
}

/** The page's own origin: a request the worker does not answer reaches the test's server (404). */
const worker = setupWorker(...handlers({}, { baseUrl: location.origin }));

/** A `fetch` of the page built from the spec's request example of one operation. */
async function call(operationId: RequestExampleOperationId, credentials: { apiKey?: boolean; bearer?: boolean } = {}): Promise<Answer> {
  const example = requestExamples[operationId];
  let path: string = example.path;
  for (const [name, value] of Object.entries(example.pathParams)) path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
  const url = new URL(path, location.origin);
  for (const [name, value] of Object.entries(example.query)) url.searchParams.set(name, String(value));
  const headers: Record<string, string> = {};
  if (credentials.apiKey !== false) headers['x-api-key'] = 'browser-key';
  if (credentials.bearer !== false && (example.security as readonly string[]).includes('TriggerJwt')) headers.authorization = BEARER;
  const init: RequestInit = { method: example.method, headers };
  if ('body' in example) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(example.body);
  }
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

const scenarios = {
  /** Registers the worker; reports whether it controls the page, and which msw runs. */
  async start() {
    // msw 3 names the option onUnhandledFrame, msw 2 onUnhandledRequest (each ignores the other's)
    const options = { quiet: true, onUnhandledFrame: 'bypass', onUnhandledRequest: 'bypass' } as Parameters<typeof worker.start>[0];
    const registration = await worker.start(options);
    return {
      mswVersion: mswPackage.version,
      scriptURL: registration?.active?.scriptURL ?? null,
      controlled: navigator.serviceWorker.controller !== null,
      handlerCount: worker.listHandlers().length,
    };
  },

  /** The default handlers answer the page's fetch calls with the spec's examples, credentials checked. */
  async defaults() {
    return {
      swapGetOrder: await call('swapGetOrder'),
      predictionGetEvent: await call('predictionGetEvent'),
      triggerV2CreateChallenge: await call('triggerV2CreateChallenge'),
      triggerV2GetVault: await call('triggerV2GetVault'),
      swapGetOrderWithoutKey: await call('swapGetOrder', { apiKey: false }),
      triggerV2GetVaultWithoutBearer: await call('triggerV2GetVault', { bearer: false }),
    };
  },

  /** A request no handler matches goes on to the network (the test's server answers 404). */
  async unhandled() {
    const response = await fetch(`${location.origin}/no/such/path`, { headers: { 'x-api-key': 'browser-key' } });
    return { status: response.status, body: await response.text() };
  },

  /** worker.use: a named example, a typed status and body, a resolver reading the request; then resetHandlers. */
  async overrides() {
    worker.use(
      handler('triggerV2GetVault', { example: 'vaultNotFound' }, { baseUrl: location.origin }),
      handler('predictionGetTradingStatus', { status: 200, body: { trading_active: false } }, { baseUrl: location.origin }),
      handler(
        'swapGetOrder',
        ({ request }) => HttpResponse.json({ echoedAmount: new URL(request.url).searchParams.get('amount') } as never),
        { baseUrl: location.origin },
      ),
    );
    const overridden = {
      triggerV2GetVault: await call('triggerV2GetVault'),
      predictionGetTradingStatus: await call('predictionGetTradingStatus'),
      swapGetOrder: await call('swapGetOrder'),
    };
    worker.resetHandlers();
    return { overridden, afterReset: await call('triggerV2GetVault') };
  },

  /** An API on another origin (as an app's usually is): the worker answers it, and the page reads every header. */
  async crossOrigin(api: string) {
    worker.use(...handlers({}, { baseUrl: api }));
    const response = await fetch(`${api}/prediction/v1/trading-status`, { headers: { 'x-api-key': 'browser-key' } });
    const answer = {
      status: response.status,
      body: await response.json(),
      rateLimitRemaining: response.headers.get('x-ratelimit-remaining'),
    };
    worker.resetHandlers();
    return answer;
  },

  /** A path as the baseUrl: the handlers match it on the page's origin. */
  async pathBaseUrl() {
    worker.use(...handlers({}, { baseUrl: '/api' }));
    const response = await fetch('/api/prediction/v1/trading-status', { headers: { 'x-api-key': 'browser-key' } });
    const answer = { status: response.status, body: await response.json() };
    worker.resetHandlers();
    return answer;
  },

  stop() {
    worker.stop();
    return null;
  },
};

export type WorkerScenarios = typeof scenarios;
exposeScenarios(scenarios);
