// Runs in Chromium (bundled by esbuild from the built dist): the simulator's fetch handler and
// the MSW handlers of @x/mock/msw, with WebCrypto Ed25519 for the trigger v2 sign-in.
import { getBase58Decoder } from '@solana/kit';
import { HttpResponse, getResponse } from 'msw';
import { exposeScenarios } from '../../../../tools/browser/expose.ts';
import { createSimulator, requestExamples, type RequestExampleOperationId } from '../../dist/index.js';
import { handler, handlers } from '../../dist/msw/index.js';

const API_KEY = 'browser-key';
const base58 = getBase58Decoder();

interface Answer {
  status: number;
  body: unknown;
}

async function answer(response: Response | undefined): Promise<Answer | null> {
  if (!response) return null;
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

async function newWallet(): Promise<{ address: string; sign(text: string): Promise<string> }> {
  const keys = (await crypto.subtle.generateKey('Ed25519', false, ['sign', 'verify'])) as CryptoKeyPair;
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey));
  return {
    address: base58.decode(publicKey),
    async sign(text) {
      return base58.decode(new Uint8Array(await crypto.subtle.sign('Ed25519', keys.privateKey, new TextEncoder().encode(text))));
    },
  };
}

/** A well-formed bearer JWT (the MSW handlers check its presence and form, not its signature). */
const BEARER = 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ3YWxsZXQifQ.c2lnbmF0dXJl';

/** A request built from the spec's request example of one operation, with the credentials it needs. */
function exampleRequest(operationId: RequestExampleOperationId, body?: unknown, apiKey = true): Request {
  const example = requestExamples[operationId];
  const url = new URL(example.path, 'http://localhost:4010');
  for (const [name, value] of Object.entries(example.query)) url.searchParams.set(name, String(value));
  const bearer = (example.security as readonly string[]).includes('TriggerJwt');
  return new Request(url, {
    method: example.method,
    headers: {
      ...(apiKey ? { 'x-api-key': API_KEY } : {}),
      ...(bearer ? { authorization: BEARER } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const scenarios = {
  /** GET /prediction/v1/events through the simulator's fetch handler. */
  async predictionEvents(query: string) {
    const sim = createSimulator();
    const response = await sim.fetch(new Request(`http://localhost/prediction/v1/events?${query}`, { headers: { 'x-api-key': API_KEY } }));
    return { contentType: response.headers.get('content-type'), ...(await answer(response))! };
  },

  /** Challenge → WebCrypto Ed25519 signature → verify → register the vault (twice) → get it. */
  async triggerV2SignIn() {
    const sim = createSimulator();
    const call = async (method: string, path: string, body?: unknown, token?: string) =>
      (await answer(
        await sim.fetch(
          new Request(`http://localhost/trigger/v2${path}`, {
            method,
            headers: {
              'x-api-key': API_KEY,
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          }),
        ),
      ))!;
    const wallet = await newWallet();
    const other = await newWallet();
    const challenge = await call('POST', '/auth/challenge', { walletPubkey: wallet.address, type: 'message' });
    const text = (challenge.body as { challenge: string }).challenge;
    const forged = await call('POST', '/auth/verify', { type: 'message', walletPubkey: wallet.address, signature: await other.sign(text) });
    const verify = await call('POST', '/auth/verify', {
      type: 'message',
      walletPubkey: wallet.address,
      signature: await wallet.sign(text),
    });
    const token = (verify.body as { token: string }).token;
    const noToken = await call('GET', '/vault');
    const register = await call('GET', '/vault/register', undefined, token);
    const registerAgain = await call('GET', '/vault/register', undefined, token);
    const vault = await call('GET', '/vault', undefined, token);
    const claims = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { sub: string };
    return {
      wallet: wallet.address,
      challenge,
      forged,
      verify: { status: verify.status, sub: claims.sub },
      noToken,
      register,
      registerAgain,
      vault,
    };
  },

  /** The default MSW handlers answer a few operations through msw's getResponse (no worker). */
  async mswDefaults() {
    const all = handlers();
    return {
      handlerCount: all.length,
      swapGetOrder: await answer(await getResponse(all, exampleRequest('swapGetOrder'))),
      predictionListEvents: await answer(await getResponse(all, exampleRequest('predictionListEvents'))),
      triggerV2CreateChallenge: await answer(
        await getResponse(
          all,
          exampleRequest('triggerV2CreateChallenge', requestExamples.triggerV2CreateChallenge.bodyExamples.messageChallenge),
        ),
      ),
      unknownPath: await answer(await getResponse(all, new Request('http://localhost:4010/no/such/path'))),
      swapGetOrderWithoutKey: await answer(await getResponse(all, exampleRequest('swapGetOrder', undefined, false))),
    };
  },

  /** Overrides: another named example, a typed response, and a resolver that reads the request. */
  async mswOverrides() {
    const overridden = handlers({
      triggerV2GetVault: { example: 'vaultNotFound' },
      predictionListEvents: { status: 200, body: { data: [], pagination: { start: 0, end: 0, total: 0, hasNext: false } } },
    });
    const echo = handler('swapGetOrder', ({ request }) => {
      const amount = new URL(request.url).searchParams.get('amount');
      return HttpResponse.json({ echoedAmount: amount } as never, { status: 200 });
    });
    return {
      triggerV2GetVault: await answer(await getResponse(overridden, exampleRequest('triggerV2GetVault'))),
      predictionListEvents: await answer(await getResponse(overridden, exampleRequest('predictionListEvents'))),
      swapGetOrderRfq: await answer(await getResponse([handler('swapGetOrder', { example: 'rfq' })], exampleRequest('swapGetOrder'))),
      swapGetOrderEcho: await answer(await getResponse([echo, ...overridden], exampleRequest('swapGetOrder'))),
    };
  },
};

export type MockScenarios = typeof scenarios;
exposeScenarios(scenarios);
