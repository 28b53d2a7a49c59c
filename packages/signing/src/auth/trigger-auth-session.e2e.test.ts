/**
 * The trigger v2 auth session against the @x/mock simulator: message and transaction challenges.
 */
import { createClient, type ApiClient } from '@x/fetch-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../test/simulator-harness.js';
import { AuthError, TransactionRejectedError } from '../errors.js';
import { MEMO_PROGRAM_ADDRESSES } from '../challenge.js';
import { createTriggerAuthSession, type TriggerAuthSessionOptions } from './trigger-auth-session.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

let paths: string[] = [];
function clientWith(options: Partial<TriggerAuthSessionOptions>): ApiClient {
  paths = [];
  let api: ApiClient;
  const session = createTriggerAuthSession({ client: () => api, signer: h.wallet, now: h.now, ...options });
  const fetchThrough: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    paths.push(new URL(request.url).pathname);
    return await fetch(request);
  };
  api = createClient({ baseUrl: h.server.url, apiKey: 'test-key', bearer: session, fetch: fetchThrough });
  return api;
}

describe('trigger auth session against the simulator', () => {
  it('signs in with a message challenge (the default) and reuses the token', async () => {
    const api = clientWith({});
    const first = await api.triggerV2RegisterVault();
    expect(first.data.userPubkey).toBe(h.wallet.address);
    const second = await api.triggerV2GetVault();
    expect(second.data.vaultPubkey).toBe(first.data.vaultPubkey);
    expect(paths.filter((path) => path === '/trigger/v2/auth/verify')).toHaveLength(1);
  });

  it('signs in with a transaction challenge: the simulator holds a known memo program', async () => {
    const api = clientWith({ challengeType: 'transaction' });
    const { data } = await api.triggerV2RegisterVault();
    expect(data.userPubkey).toBe(h.wallet.address);
    expect(paths.filter((path) => path === '/trigger/v2/auth/verify')).toHaveLength(1);
  });

  it('refuses a transaction challenge whose program is not an allowed memo program, and sends nothing', async () => {
    const other = MEMO_PROGRAM_ADDRESSES[1]!;
    const api = clientWith({ challengeType: 'transaction', challengeTransaction: { programs: [other] } });
    const error = await api.triggerV2GetVault().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TransactionRejectedError);
    expect((error as TransactionRejectedError).code).toBe('UNEXPECTED_PROGRAM');
    expect((error as TransactionRejectedError).details.program).toBe(MEMO_PROGRAM_ADDRESSES[0]);
    expect(paths).not.toContain('/trigger/v2/auth/verify'); // nothing was signed or sent
    expect(error).not.toBeInstanceOf(AuthError);
  });
});
