import { describe, expect, it } from 'vitest';
import { TIP_RECEIVERS } from '../chain/addresses.js';
import { MS_PER_BLOCK } from '../chain/ledger.js';
import { systemTransfer } from '../chain/instructions.js';
import { buildTransaction } from '../chain/transactions.js';
import { toBase58 } from '../encoding.js';
import { call, createTestWallet, makeSimulator, NATIVE, PLATFORM_TOKEN, STABLECOIN, TAKER } from '../test-support/harness.js';

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

  it('prices compute units from a computeUnitPricePercentile number, fractions too (10 micro-lamports per basis point, rounded up)', async () => {
    const sim = makeSimulator();
    const price = async (computeUnitPricePercentile: number | string) => {
      const { status, body } = await call(sim, 'GET', '/swap/v2/build', { query: { ...base, computeUnitPricePercentile } });
      expect(status, String(computeUnitPricePercentile)).toBe(200);
      const data = Uint8Array.from(atob(body.computeBudgetInstructions[0].data), (c) => c.charCodeAt(0));
      return [data[0], new DataView(data.buffer).getBigUint64(1, true)];
    };
    expect(await price('medium')).toEqual([3, 25_000n]);
    expect(await price(2500)).toEqual([3, 25_000n]);
    expect(await price(2.5)).toEqual([3, 25n]);
    expect(await price(2.55)).toEqual([3, 26n]);
    expect((await call(sim, 'GET', '/swap/v2/build', { query: { ...base, computeUnitPricePercentile: 10_000.5 } })).status).toBe(400);
  });

  it('takes the platform fee from the output when a fee account is given', async () => {
    const sim = makeSimulator();
    const { body } = await call(sim, 'GET', '/swap/v2/build', {
      query: { ...base, platformFeeBps: 100, feeAccount: '8LrkEEf4CD8zyEdsbhHW1T3x3GCEtaAp2UaXk2oF3xwB' },
    });
    expect(body.outAmount).toBe('14850000');
  });

  it('hands out a blockhash that lands exactly until the lastValidBlockHeight it states, for any blockhashSlotsToExpiry', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    let sent = 0;
    const submitAt = async (slots: number, blocksLater: number) => {
      const height = (await call(sim, 'GET', '/swap/v2/build', { query: base })).body.blockhashWithMetadata.lastValidBlockHeight - 150;
      const { body } = await call(sim, 'GET', '/swap/v2/build', { query: { ...base, blockhashSlotsToExpiry: slots } });
      const { lastValidBlockHeight } = body.blockhashWithMetadata;
      const built = buildTransaction({
        feePayer: wallet.address,
        // Each transaction its own (a signature lands once).
        instructions: [systemTransfer(wallet.address, TIP_RECEIVERS[0]!, 1_000_000n + BigInt(sent++))],
        blockhash: toBase58(Uint8Array.from(body.blockhashWithMetadata.blockhash as number[])),
        lastValidBlockHeight,
      });
      const signed = await wallet.signTransaction(built.base64);
      sim.control.advanceTime(blocksLater * MS_PER_BLOCK);
      const res = await call(sim, 'POST', '/tx/v1/submit', { body: { signedTransaction: signed } });
      return { stated: lastValidBlockHeight - height, status: res.status };
    };
    for (const slots of [10, 150, 300]) {
      const lands = await submitAt(slots, 0);
      // Stated validity: as asked, at most the 150 blocks a blockhash lives.
      expect(lands.stated, `${slots}`).toBe(Math.min(slots, 150));
      expect((await submitAt(slots, Math.min(slots, 150))).status, `${slots}: at its last valid block`).toBe(200);
      expect((await submitAt(slots, Math.min(slots, 150) + 1)).status, `${slots}: one block after`).toBe(400);
    }
  });
});
