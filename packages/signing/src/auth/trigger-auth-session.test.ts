import { createClient } from '@x/fetch-client';
import { describe, expect, it, vi } from 'vitest';
import { createFakeTriggerService } from '../../test/fake-trigger-service.js';
import { newKey } from '../../test/fixtures.js';
import { signerFromSecretKey } from '../signers/from-secret-key.js';
import { createTriggerAuthSession, type TriggerAuthClient, type TriggerAuthSessionOptions } from './trigger-auth-session.js';

const HOUR = 3_600_000;

async function setup(
  overrides: Partial<TriggerAuthSessionOptions> = {},
  serviceOptions: { challengeDelayMs?: number; lifetimeMs?: number } = {},
) {
  let clock = 1_800_000_000_000;
  const now = () => clock;
  const service = createFakeTriggerService({ now, ...serviceOptions });
  const signer = await signerFromSecretKey(newKey().secretKey);
  // The session is the bearer of the very client it signs in with (challenge/verify need no bearer).
  const session = createTriggerAuthSession({ client: () => client, signer, now, ...overrides });
  const client = createClient({
    baseUrl: 'http://localhost:4010',
    apiKey: 'test-key',
    fetch: service.fetch,
    bearer: session,
    maxRetries: 0,
  });
  return { service, session, client, signer, advance: (ms: number) => (clock += ms) };
}

describe('trigger v2 auth session', () => {
  it('signs in once and caches the token', async () => {
    const { service, session } = await setup();
    const token = await session.getToken();
    expect(token.split('.')).toHaveLength(3);
    expect(await session.getToken()).toBe(token);
    expect(service.calls).toMatchObject({ challenge: 1, verify: 1 });
  });

  it('runs one sign-in for many concurrent callers', async () => {
    const { service, session } = await setup({}, { challengeDelayMs: 20 });
    const tokens = await Promise.all(Array.from({ length: 10 }, () => session.getToken()));
    expect(new Set(tokens).size).toBe(1);
    expect(service.calls.challenge).toBe(1);
  });

  it('authenticates client calls, and renews once on a 401 (revoked token)', async () => {
    const { service, session, client } = await setup();
    const { data } = await client.triggerV2GetVault();
    expect(data.vaultPubkey).toBe('8cvtXmBWUdxLES4cQ9vBerCBp5AHd89J8XEU4XYxE865');
    const first = await session.getToken();
    service.validTokens.delete(first);
    await client.triggerV2GetVault();
    expect(service.calls).toMatchObject({ challenge: 2, verify: 2, vault: 3 });
    expect(await session.getToken()).not.toBe(first);
  });

  it('renews concurrent 401s with a single sign-in', async () => {
    const { service, session, client } = await setup({}, { challengeDelayMs: 10 });
    service.validTokens.delete(await session.getToken());
    await Promise.all(Array.from({ length: 5 }, () => client.triggerV2GetVault()));
    expect(service.calls.challenge).toBe(2);
  });

  it('with minRefreshIntervalMs, answers a refresh right after a sign-in with the fresh token', async () => {
    const { service, session, advance } = await setup({ minRefreshIntervalMs: 5_000 });
    const first = await session.getToken();
    advance(1_000);
    expect(await session.getToken({ refresh: true })).toBe(first);
    advance(5_000);
    expect(await session.getToken({ refresh: true })).not.toBe(first);
    expect(service.calls.challenge).toBe(2);
  });

  it('renews in the background shortly before expiry and blocks after expiry', async () => {
    const { service, session, advance } = await setup({ renewBeforeMs: HOUR }, { lifetimeMs: 24 * HOUR });
    const first = await session.getToken();
    advance(22 * HOUR);
    expect(await session.getToken()).toBe(first); // still valid, not yet in the renewal window
    expect(service.calls.challenge).toBe(1);
    advance(1.5 * HOUR); // inside the last hour: the old token is returned, a renewal starts
    expect(await session.getToken()).toBe(first);
    // The renewal runs in the background: wait for it (bounded), however slow the machine is.
    let second = first;
    await vi.waitFor(
      async () => {
        second = await session.getToken();
        expect(second).not.toBe(first);
      },
      { timeout: 10_000, interval: 5 },
    );
    expect(service.calls.challenge).toBe(2); // one renewal, however often it was asked for
    advance(25 * HOUR); // past the new token's expiry: the caller waits for a fresh one
    const third = await session.getToken();
    expect(third).not.toBe(second);
    expect(service.calls.challenge).toBe(3);
  });

  it('uses a transaction challenge when asked (or when the signer cannot sign messages)', async () => {
    const { service, session } = await setup({ challengeType: 'transaction' });
    await expect(session.getToken()).resolves.toMatch(/\./);
    expect(service.calls.verify).toBe(1);
  });

  it('fails with AUTH_FAILED (the client error as cause), caches nothing, and retries next time', async () => {
    const { service, session } = await setup();
    service.failNextVerify(401);
    const error = await session.getToken().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AuthError', code: 'AUTH_FAILED', details: { step: 'verify' } });
    expect((error as Error).cause).toMatchObject({ name: 'AuthenticationError', status: 401 });
    await expect(session.getToken()).resolves.toMatch(/\./);
    expect(service.calls.challenge).toBe(2);
  });

  it('lets one caller abort without cancelling the shared sign-in', async () => {
    const { service, session } = await setup({}, { challengeDelayMs: 30 });
    const controller = new AbortController();
    const aborted = session.getToken({ signal: controller.signal });
    const patient = session.getToken();
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    await expect(patient).resolves.toMatch(/\./);
    expect(service.calls.challenge).toBe(1);
  });

  it('clear() forgets the token', async () => {
    const { service, session } = await setup();
    const first = await session.getToken();
    session.clear();
    expect(await session.getToken()).not.toBe(first);
    expect(service.calls.challenge).toBe(2);
  });

  it('accepts the @x/fetch-client client type', () => {
    const client = createClient({ baseUrl: 'http://localhost:4010' });
    const asAuthClient: TriggerAuthClient = client;
    expect(typeof asAuthClient.triggerV2CreateChallenge).toBe('function');
  });
});
