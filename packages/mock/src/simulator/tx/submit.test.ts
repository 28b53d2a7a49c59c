import { describe, expect, it } from 'vitest';
import { TIP_RECEIVERS } from '../chain/addresses.js';
import { systemTransfer } from '../chain/instructions.js';
import { buildTransaction } from '../chain/transactions.js';
import { call, createTestWallet, makeSimulator } from '../test-support/harness.js';

const BLOCKHASH = '35HJ2QSRigYgao1tVxRJd7oDLW8aov5KNfq5YxkGVuHs';

async function tipped(lamports: bigint, to = TIP_RECEIVERS[1]!) {
  const wallet = await createTestWallet();
  const built = buildTransaction({
    feePayer: wallet.address,
    instructions: [systemTransfer(wallet.address, to, lamports)],
    blockhash: BLOCKHASH,
    lastValidBlockHeight: 1,
  });
  return { wallet, unsigned: built.base64, signed: await wallet.signTransaction(built.base64) };
}

describe('POST /tx/v1/submit', () => {
  it('lands a signed transaction tipping at least 1000000 lamports', async () => {
    const sim = makeSimulator();
    const { signed } = await tipped(1_000_000n);
    const res = await call(sim, 'POST', '/tx/v1/submit', { body: { signedTransaction: signed } });
    expect(res.status).toBe(200);
    expect(res.body.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
  });

  it('rejects a smaller tip, a tip to another address, an unsigned or garbled transaction', async () => {
    const sim = makeSimulator();
    const small = await tipped(999_999n);
    expect((await call(sim, 'POST', '/tx/v1/submit', { body: { signedTransaction: small.signed } })).body.error).toMatch(
      /tip of at least 1000000/,
    );
    const elsewhere = await tipped(5_000_000n, '6V1VsEmCGxfsZDKSwt2Jx3UgJKxaMwSeArFeUNuzSYRH');
    expect((await call(sim, 'POST', '/tx/v1/submit', { body: { signedTransaction: elsewhere.signed } })).status).toBe(400);
    const unsigned = await tipped(5_000_000n);
    expect((await call(sim, 'POST', '/tx/v1/submit', { body: { signedTransaction: unsigned.unsigned } })).body.error).toMatch(
      /not fully signed/,
    );
    expect((await call(sim, 'POST', '/tx/v1/submit', { body: { signedTransaction: 'QUJD' } })).status).toBe(400);
  });
});
