// Runs in Chromium (bundled by esbuild from the built dist): createClient with the page's own
// fetch, AbortController and URL against a small API on the page's origin (127.0.0.1).
import { exposeScenarios } from '../../../../tools/browser/expose.ts';
import {
  ApiError,
  NotFoundError,
  RedirectError,
  TimeoutError,
  createClient,
  describeSwapExecuteCode,
  isSwapExecuteSuccess,
} from '../../dist/index.js';

const client = () => createClient({ baseUrl: `${location.origin}/api`, apiKey: 'browser-key', retryBaseDelayMs: 1 });

const errorOf = async (call: Promise<unknown>): Promise<unknown> =>
  await call.then(
    () => {
      throw new Error('the call resolved; an error was expected');
    },
    (error: unknown) => error,
  );

const scenarios = {
  /** GET with query and rate-limit headers, then a POST with a JSON body. */
  async swapOrderAndExecute() {
    const api = client();
    const order = await api.swapGetOrder({
      query: {
        inputMint: 'D6gqDYHvpEparhs6TGfnXKtNEzVe48aLfmB6bKNjdKsD',
        outputMint: '7gQqK6wWf1gAc7f2R4oQ18Q4m6Vazr1umgktSGsnJZny',
        amount: '100000000',
      },
    });
    const execute = await api.swapExecute({ body: { signedTransaction: 'AQ==', requestId: order.data.requestId } });
    return {
      order: { status: order.status, requestId: order.data.requestId, router: order.data.router, rateLimit: order.rateLimit },
      execute: {
        status: execute.data.status,
        code: execute.data.code,
        success: isSwapExecuteSuccess(execute.data),
        group: describeSwapExecuteCode(execute.data.code)?.group ?? null,
      },
    };
  },

  /** A 404 becomes a NotFoundError (an ApiError) with the body and its request id. */
  async notFound() {
    const error = await errorOf(client().predictionGetEvent({ path: { eventId: 'no-such-event' } }));
    return {
      name: (error as Error).name,
      isNotFound: error instanceof NotFoundError,
      isApiError: error instanceof ApiError,
      status: (error as ApiError).status,
      requestId: (error as ApiError).requestId,
      body: (error as ApiError).body,
    };
  },

  /** A GET answered 503 once is retried and succeeds. */
  async retryAfter503() {
    const { data } = await client().predictionListEvents({ query: { category: 'sports' } });
    return data;
  },

  /** An attempt past timeoutMs ends in a TimeoutError (the browser's AbortController). */
  async timeout() {
    const error = await errorOf(client().predictionGetTradingStatus({ timeoutMs: 200, maxRetries: 0 }));
    return {
      isTimeout: error instanceof TimeoutError,
      timeoutMs: (error as TimeoutError).timeoutMs,
      operation: (error as TimeoutError).operation,
    };
  },

  /** Any redirect is refused: in a browser a manual redirect is opaque (no status, no Location). */
  async redirected() {
    const error = await errorOf(client().predictionGetMarket({ path: { marketId: 'moved' } }));
    return {
      isRedirect: error instanceof RedirectError,
      status: (error as RedirectError).status,
      targetOrigin: (error as RedirectError).targetOrigin ?? null,
      message: (error as RedirectError).message,
    };
  },
};

export type FetchClientScenarios = typeof scenarios;
exposeScenarios(scenarios);
