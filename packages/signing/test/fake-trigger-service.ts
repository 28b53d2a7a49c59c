/**
 * An in-memory stand-in for the trigger v2 auth endpoints and one bearer-protected endpoint, as a
 * `fetch` function to inject into `@x/fetch-client`. It checks signatures for real (noble).
 */
import { getBase58Encoder } from '@solana/kit';
import { buildTransaction, decodeBase64, memoInstruction, nobleVerify } from './fixtures.js';
import type { Address } from '@solana/kit';

export interface FakeServiceOptions {
  readonly now: () => number;
  /** Token lifetime the service puts in `exp`. Default 24 h. */
  readonly lifetimeMs?: number;
  /** Delay before the challenge answer, to let concurrent callers pile up. */
  readonly challengeDelayMs?: number;
}

export interface FakeService {
  readonly fetch: typeof fetch;
  readonly calls: { challenge: number; verify: number; vault: number };
  /** Tokens the service accepts; remove one to simulate revocation. */
  readonly validTokens: Set<string>;
  /** Makes the next verify fail with this status. */
  failNextVerify(status: number): void;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function createFakeTriggerService(options: FakeServiceOptions): FakeService {
  const calls = { challenge: 0, verify: 0, vault: 0 };
  const validTokens = new Set<string>();
  const challenges = new Map<string, { wallet: string; text?: string; messageBytes?: Uint8Array }>();
  let failVerify: number | undefined;
  let serial = 0;

  async function handle(url: URL, init: RequestInit): Promise<Response> {
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, string>) : {};
    if (url.pathname === '/trigger/v2/auth/challenge') {
      calls.challenge++;
      if (options.challengeDelayMs) await new Promise((resolve) => setTimeout(resolve, options.challengeDelayMs));
      const wallet = body.walletPubkey as string;
      const nonce = `nonce-${++serial}`;
      if (body.type === 'message') {
        const text = `Sign in to the trigger service.\nWallet: ${wallet}\nNonce: ${nonce}`;
        challenges.set(wallet, { wallet, text });
        return json(200, { type: 'message', challenge: text });
      }
      const tx = buildTransaction({ version: 0, feePayer: wallet as Address, instructions: [memoInstruction(nonce, wallet as Address)] });
      challenges.set(wallet, { wallet, messageBytes: tx.messageBytes });
      return json(200, { type: 'transaction', transaction: tx.base64 });
    }
    if (url.pathname === '/trigger/v2/auth/verify') {
      calls.verify++;
      const pending = challenges.get(body.walletPubkey as string);
      if (failVerify !== undefined) {
        const status = failVerify;
        failVerify = undefined;
        return json(status, { error: 'Invalid signature' });
      }
      if (!pending) return json(400, { error: 'Challenge not found' });
      const publicKey = new Uint8Array(getBase58Encoder().encode(pending.wallet));
      let valid = false;
      if (body.type === 'message' && pending.text !== undefined) {
        const signature = new Uint8Array(getBase58Encoder().encode(body.signature as string));
        valid = await nobleVerify(signature, new TextEncoder().encode(pending.text), publicKey);
      } else if (body.type === 'transaction' && pending.messageBytes) {
        const signed = decodeBase64(body.signedTransaction as string);
        valid = await nobleVerify(signed.subarray(1, 65), pending.messageBytes, publicKey);
      }
      if (!valid) return json(401, { error: 'Invalid signature' });
      challenges.delete(pending.wallet);
      const exp = Math.floor((options.now() + (options.lifetimeMs ?? 86_400_000)) / 1000);
      const token = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: pending.wallet, exp, n: ++serial })}.c2ln`;
      validTokens.add(token);
      return json(200, { token });
    }
    if (url.pathname === '/trigger/v2/vault') {
      calls.vault++;
      const token = new Headers(init.headers).get('authorization')?.replace(/^Bearer /, '');
      if (!token || !validTokens.has(token)) return json(401, { error: 'Unauthorized' });
      return json(200, { userPubkey: 'w', vaultPubkey: '8cvtXmBWUdxLES4cQ9vBerCBp5AHd89J8XEU4XYxE865' });
    }
    return json(404, { error: 'not found' });
  }

  return {
    calls,
    validTokens,
    failNextVerify(status) {
      failVerify = status;
    },
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      return await handle(url, init ?? {});
    }) as typeof fetch,
  };
}
