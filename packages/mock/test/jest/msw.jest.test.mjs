// The MSW handlers as a jest user would use them: plain ESM, the built package imported by its
// name, `setupServer` from msw/node, jest's globals (describe/it/expect/before*/after*).
import { setupServer } from 'msw/node';
import { getFixture } from '@x/mock';
import { handler, handlers } from '@x/mock/msw';

const BASE = 'http://localhost:4010';
const headers = { 'x-api-key': 'test-key' };
// Trigger v2's operations also need a bearer JWT (the handlers check its presence and form).
const bearer = { ...headers, authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ3YWxsZXQifQ.c2lnbmF0dXJl' };

const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('@x/mock/msw under jest', () => {
  it('answers a GET with query parameters with its default fixture', async () => {
    const query = new URLSearchParams({
      inputMint: 'D6gqDYHvpEparhs6TGfnXKtNEzVe48aLfmB6bKNjdKsD',
      outputMint: '7gQqK6wWf1gAc7f2R4oQ18Q4m6Vazr1umgktSGsnJZny',
      amount: '100000000',
    });
    const response = await fetch(`${BASE}/swap/v2/order?${query}`, { headers });
    const expected = getFixture('swapGetOrder');
    expect(response.status).toBe(200);
    expect(expected.status).toBe(200);
    expect(await response.json()).toEqual(expected.body);
  });

  it('answers a POST with a JSON body with its default fixture', async () => {
    const response = await fetch(`${BASE}/swap/v2/execute`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ signedTransaction: 'AQAB', requestId: '019aa3c0-6a11-7f08-8c2e-5b9d1e3f4a27' }),
    });
    const expected = getFixture('swapExecute');
    expect(response.status).toBe(expected.status);
    expect(await response.json()).toEqual(expected.body);
  });

  it('matches a path parameter, and keeps literal paths ahead of it', async () => {
    const event = await fetch(`${BASE}/prediction/v1/events/any-event-id`, { headers });
    expect(event.status).toBe(200);
    expect(await event.json()).toEqual(getFixture('predictionGetEvent').body);

    const search = await fetch(`${BASE}/prediction/v1/events/search?query=rain`, { headers });
    expect(search.status).toBe(200);
    expect(await search.json()).toEqual(getFixture('predictionSearchEvents').body);
  });

  it('errors on a request no handler matches (never reaches the network)', async () => {
    const printed = [];
    const consoleError = console.error;
    console.error = (...args) => printed.push(args.join(' '));
    try {
      await expect(fetch(`${BASE}/no/such/path`, { headers })).rejects.toThrow();
    } finally {
      console.error = consoleError;
    }
    expect(printed.join('\n')).toMatch(/without a matching request handler[\s\S]*GET http:\/\/localhost:4010\/no\/such\/path/);
  });

  describe('per-test overrides', () => {
    it('answers a named error example with its status', async () => {
      server.use(handler('triggerV2GetVault', { example: 'vaultNotFound' }));
      const response = await fetch(`${BASE}/trigger/v2/vault`, { headers: bearer });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual(getFixture('triggerV2GetVault', 'vaultNotFound').body);
    });

    // Runs after the test above (jest keeps a file's order): afterEach's resetHandlers dropped the override.
    it('is gone in the next test', async () => {
      const response = await fetch(`${BASE}/trigger/v2/vault`, { headers: bearer });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(getFixture('triggerV2GetVault').body);
    });

    it('answers the gateway 401 without a key, and trigger v2 401 without a bearer token', async () => {
      const noKey = await fetch(`${BASE}/trigger/v2/vault`);
      expect(noKey.status).toBe(401);
      expect(await noKey.json()).toEqual(getFixture('triggerV2GetVault', 'invalidApiKey').body);
      const noToken = await fetch(`${BASE}/trigger/v2/vault`, { headers });
      expect(noToken.status).toBe(401);
      expect(await noToken.json()).toEqual(getFixture('triggerV2GetVault', 'bearerTokenRejected').body);
    });

    it('rejects an unknown example name', () => {
      expect(() => handler('triggerV2GetVault', { example: 'noSuchExample' })).toThrow(/noSuchExample/);
    });
  });
});
