import { describe, expect, it } from 'vitest';
import { TIP_RECEIVERS } from '../chain/addresses.js';
import { call, makeSimulator, NATIVE, PLATFORM_TOKEN, STABLECOIN, TAKER } from '../test-support/harness.js';

const base = { inputMint: NATIVE, outputMint: STABLECOIN, amount: '100000000', taker: TAKER };

describe('GET /swap/v2/build', () => {
  it('returns instructions and blockhash metadata with the on-chain route and no service fee', async () => {
    const sim = makeSimulator();
    const { status, body } = await call(sim, 'GET', '/swap/v2/build', { query: base });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      inAmount: '100000000',
      outAmount: '15000000',
      otherAmountThreshold: '14925000',
      slippageBps: 50,
      tipInstruction: null,
    });
    expect(body.swapInstruction.accounts[0]).toEqual({ pubkey: TAKER, isSigner: true, isWritable: true });
    expect(body.blockhashWithMetadata.blockhash).toHaveLength(32);
    expect(body.cleanupInstruction).not.toBeNull();
  });

  it('adds a tip instruction to a tip receiver when tipAmount is given', async () => {
    const sim = makeSimulator();
    const { body } = await call(sim, 'GET', '/swap/v2/build', { query: { ...base, tipAmount: '1000000' } });
    expect(body.tipInstruction.accounts.map((a: { pubkey: string }) => a.pubkey)).toEqual([TAKER, TIP_RECEIVERS[0]]);
    const data = Uint8Array.from(atob(body.tipInstruction.data), (c) => c.charCodeAt(0));
    expect(new DataView(data.buffer).getBigUint64(4, true)).toBe(1_000_000n);
  });

  it('enforces the mutually exclusive and dependent parameters', async () => {
    const sim = makeSimulator();
    const fee = await call(sim, 'GET', '/swap/v2/build', { query: { ...base, platformFeeBps: 20 } });
    expect(fee.status).toBe(400);
    expect(fee.body).toEqual({ error: 'feeAccount is required when platformFeeBps is positive' });
    expect((await call(sim, 'GET', '/swap/v2/build', { query: { ...base, dexes: 'provider_a', excludeDexes: 'provider_b' } })).status).toBe(
      400,
    );
    expect(
      (await call(sim, 'GET', '/swap/v2/build', { query: { ...base, destinationTokenAccount: TAKER, nativeDestinationAccount: TAKER } }))
        .status,
    ).toBe(400);
    expect((await call(sim, 'GET', '/swap/v2/build', { query: { ...base, maxAccounts: 65 } })).status).toBe(400);
    const rtse = await call(sim, 'GET', '/swap/v2/build', { query: { ...base, slippageBps: 'rtse', inputMint: PLATFORM_TOKEN } });
    expect(rtse.status).toBe(200);
  });

  it('takes the platform fee from the output when a fee account is given', async () => {
    const sim = makeSimulator();
    const { body } = await call(sim, 'GET', '/swap/v2/build', {
      query: { ...base, platformFeeBps: 100, feeAccount: '8LrkEEf4CD8zyEdsbhHW1T3x3GCEtaAp2UaXk2oF3xwB' },
    });
    expect(body.outAmount).toBe('14850000');
  });
});
