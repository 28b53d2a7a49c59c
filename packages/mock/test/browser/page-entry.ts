// Runs in Chromium (bundled by esbuild from the built dist): the simulator's fetch handler, with
// WebCrypto Ed25519 for the trigger v2 sign-in.
import { getBase58Decoder } from '@solana/kit';
import { exposeScenarios } from '../../../../tools/browser/expose.ts';
import { createSimulator } from '../../dist/index.js';

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
};

export type MockScenarios = typeof scenarios;
exposeScenarios(scenarios);
