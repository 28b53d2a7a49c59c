// Runs in Chromium (bundled by esbuild from the built dist): @x/fetch-client on the page's origin
// calls the simulator served by node on another origin (another port), with a custom header set
// through the client's `headers` option, and reads the rate-limit headers of the answers.
import { exposeScenarios } from '../../../../tools/browser/expose.ts';
import { createClient } from '@x/fetch-client';

const scenarios = {
  /** A GET and a JSON POST (both preflighted: custom headers), with per-client and per-call headers. */
  async customHeaders(baseUrl: string) {
    const api = createClient({ baseUrl, apiKey: 'browser-key', headers: { 'x-client-trace': 'trace-1' }, maxRetries: 0 });
    const status = await api.predictionGetTradingStatus({ headers: { 'x-request-source': 'cors-test' } });
    const challenge = await api.triggerV2CreateChallenge({
      body: { walletPubkey: 'EwV78VBLEhDmtkHxBv6hcTBjrfhbM8b3n1cCELt4imKg', type: 'message' },
    });
    return {
      origin: location.origin,
      status: { status: status.status, rateLimit: status.rateLimit, body: status.data },
      challenge: { status: challenge.status, rateLimit: challenge.rateLimit, type: challenge.data.type },
    };
  },
};

export type CorsScenarios = typeof scenarios;
exposeScenarios(scenarios);
