import { describe, expect, it } from 'vitest';
import { call, createTestWallet, login, makeSimulator } from '../test-support/harness.js';

describe('trigger v2 authentication', () => {
  it('issues a challenge with a nonce and verifies a real Ed25519 message signature', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const challenge = await call(sim, 'POST', '/trigger/v2/auth/challenge', { body: { walletPubkey: wallet.address, type: 'message' } });
    expect(challenge.body.type).toBe('message');
    expect(challenge.body.challenge).toContain(`Wallet: ${wallet.address}`);
    expect(challenge.body.challenge).toMatch(/Nonce: [0-9a-f]{32}/);
    const signature = await wallet.signMessage(challenge.body.challenge);
    const verify = await call(sim, 'POST', '/trigger/v2/auth/verify', {
      body: { type: 'message', walletPubkey: wallet.address, signature },
    });
    expect(verify.status).toBe(200);
    const [, payload] = verify.body.token.split('.');
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    expect(claims.sub).toBe(wallet.address);
    expect(claims.exp - claims.iat).toBe(86_400);
  });

  it('verifies the signed memo transaction of a transaction challenge', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const challenge = await call(sim, 'POST', '/trigger/v2/auth/challenge', {
      body: { walletPubkey: wallet.address, type: 'transaction' },
    });
    expect(challenge.body.type).toBe('transaction');
    const unsigned = await call(sim, 'POST', '/trigger/v2/auth/verify', {
      body: { type: 'transaction', walletPubkey: wallet.address, signedTransaction: challenge.body.transaction },
    });
    expect(unsigned.status).toBe(401);
    const signedTransaction = await wallet.signTransaction(challenge.body.transaction);
    const verify = await call(sim, 'POST', '/trigger/v2/auth/verify', {
      body: { type: 'transaction', walletPubkey: wallet.address, signedTransaction },
    });
    expect(verify.status).toBe(200);
    expect(verify.body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('answers 401 for a signature by another key, 400 for an unknown or expired challenge', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const other = await createTestWallet();
    expect(
      (
        await call(sim, 'POST', '/trigger/v2/auth/verify', {
          body: { type: 'message', walletPubkey: wallet.address, signature: await wallet.signMessage('x') },
        })
      ).body,
    ).toEqual({ error: 'Challenge not found' });
    const challenge = await call(sim, 'POST', '/trigger/v2/auth/challenge', { body: { walletPubkey: wallet.address, type: 'message' } });
    const forged = await call(sim, 'POST', '/trigger/v2/auth/verify', {
      body: { type: 'message', walletPubkey: wallet.address, signature: await other.signMessage(challenge.body.challenge) },
    });
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ error: 'Invalid signature' });
    expect((await call(sim, 'POST', '/trigger/v2/auth/verify', { body: { type: 'message', walletPubkey: wallet.address } })).status).toBe(
      400,
    );
    sim.control.advanceTime(5 * 60_000 + 1);
    const late = await call(sim, 'POST', '/trigger/v2/auth/verify', {
      body: { type: 'message', walletPubkey: wallet.address, signature: await wallet.signMessage(challenge.body.challenge) },
    });
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ error: 'Challenge expired' });
  });

  it('uses a challenge once', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const challenge = await call(sim, 'POST', '/trigger/v2/auth/challenge', { body: { walletPubkey: wallet.address, type: 'message' } });
    const signature = await wallet.signMessage(challenge.body.challenge);
    expect(
      (await call(sim, 'POST', '/trigger/v2/auth/verify', { body: { type: 'message', walletPubkey: wallet.address, signature } })).status,
    ).toBe(200);
    expect(
      (await call(sim, 'POST', '/trigger/v2/auth/verify', { body: { type: 'message', walletPubkey: wallet.address, signature } })).status,
    ).toBe(400);
  });

  it('answers 401 on a missing, malformed, tampered or expired token', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const token = await login(sim, wallet);
    expect((await call(sim, 'GET', '/trigger/v2/vault/register', { token })).status).toBe(201);
    expect((await call(sim, 'GET', '/trigger/v2/vault')).status).toBe(401);
    expect((await call(sim, 'GET', '/trigger/v2/vault', { token: 'not-a-jwt' })).status).toBe(401);
    const [h, p, s] = token.split('.');
    const tampered = `${h}.${p!.slice(0, -2)}AA.${s}`;
    expect((await call(sim, 'GET', '/trigger/v2/vault', { token: tampered })).status).toBe(401);
    expect((await call(sim, 'GET', '/trigger/v2/vault', { token })).status).toBe(200);
    sim.control.advanceTime(24 * 3600_000);
    const expired = await call(sim, 'GET', '/trigger/v2/vault', { token });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ error: 'Unauthorized' });
  });

  it('does not accept a token from a simulator with another seed', async () => {
    const a = makeSimulator({ seed: 1 });
    const b = makeSimulator({ seed: 2 });
    const token = await login(a, await createTestWallet());
    expect((await call(b, 'GET', '/trigger/v2/vault', { token })).status).toBe(401);
  });
});

describe('trigger v2 verify under concurrency', () => {
  it('lets only one of two simultaneous verifies use a challenge', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const challenge = await call(sim, 'POST', '/trigger/v2/auth/challenge', { body: { walletPubkey: wallet.address, type: 'message' } });
    const signature = await wallet.signMessage(challenge.body.challenge);
    const body = { type: 'message', walletPubkey: wallet.address, signature };
    const results = await Promise.all([
      call(sim, 'POST', '/trigger/v2/auth/verify', { body }),
      call(sim, 'POST', '/trigger/v2/auth/verify', { body }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });
});
