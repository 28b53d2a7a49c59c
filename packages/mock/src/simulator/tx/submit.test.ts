import { describe, expect, it } from 'vitest';
import { GAS_WALLET, RFQ_MAKER, SWAP_PROGRAM, TIP_RECEIVERS } from '../chain/addresses.js';
import { BLOCKHASH_VALIDITY_BLOCKS, MS_PER_BLOCK } from '../chain/ledger.js';
import { encodeU64, programCall, systemTransfer } from '../chain/instructions.js';
import { buildTransaction } from '../chain/transactions.js';
import type { Simulator } from '../index.js';
import { fromBase58, toBase64 } from '../encoding.js';
import { world } from '../world.js';
import { call, createTestWallet, makeSimulator, NATIVE, recentBlockhash, STABLECOIN } from '../test-support/harness.js';

async function tipped(sim: Simulator, lamports: bigint, to = TIP_RECEIVERS[1]!, blockhash?: string) {
  const wallet = await createTestWallet();
  const built = buildTransaction({
    feePayer: wallet.address,
    instructions: [systemTransfer(wallet.address, to, lamports)],
    blockhash: blockhash ?? (await recentBlockhash(sim)),
    lastValidBlockHeight: 1,
  });
  return { wallet, unsigned: built.base64, signed: await wallet.signTransaction(built.base64) };
}

const submit = (sim: Simulator, signedTransaction: string) => call(sim, 'POST', '/tx/v1/submit', { body: { signedTransaction } });

describe('POST /tx/v1/submit', () => {
  it('lands a signed transaction tipping at least 1000000 lamports', async () => {
    const sim = makeSimulator();
    const { signed } = await tipped(sim, 1_000_000n);
    const res = await call(sim, 'POST', '/tx/v1/submit', { body: { signedTransaction: signed } });
    expect(res.status).toBe(200);
    expect(res.body.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
  });

  it('rejects a smaller tip, a tip to another address, an unsigned or garbled transaction', async () => {
    const sim = makeSimulator();
    const small = await tipped(sim, 999_999n);
    expect((await call(sim, 'POST', '/tx/v1/submit', { body: { signedTransaction: small.signed } })).body.error).toMatch(
      /tip of at least 1000000/,
    );
    const elsewhere = await tipped(sim, 5_000_000n, '6V1VsEmCGxfsZDKSwt2Jx3UgJKxaMwSeArFeUNuzSYRH');
    expect((await call(sim, 'POST', '/tx/v1/submit', { body: { signedTransaction: elsewhere.signed } })).status).toBe(400);
    const unsigned = await tipped(sim, 5_000_000n);
    expect((await call(sim, 'POST', '/tx/v1/submit', { body: { signedTransaction: unsigned.unsigned } })).body.error).toMatch(
      /not fully signed/,
    );
    expect((await call(sim, 'POST', '/tx/v1/submit', { body: { signedTransaction: 'QUJD' } })).status).toBe(400);
  });

  it('refuses a transaction whose blockhash expired with 400 {error}, before its signature history', async () => {
    // A chain checks a transaction's age before its signature's history: once its blockhash is past
    // the last valid block height, it is expired, even when the same transaction landed before.
    const sim = makeSimulator();
    const { signed } = await tipped(sim, 1_000_000n);
    sim.control.advanceTime(BLOCKHASH_VALIDITY_BLOCKS * MS_PER_BLOCK - MS_PER_BLOCK);
    expect((await submit(sim, signed)).status).toBe(200);
    sim.control.advanceTime(2 * MS_PER_BLOCK);
    const again = await submit(sim, signed);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: expect.stringMatching(/^Transaction expired: blockhash not found/) });
    const fresh = await tipped(sim, 1_000_000n, TIP_RECEIVERS[0]!);
    expect((await submit(sim, fresh.signed)).status).toBe(200);
  });

  it('refuses a transaction built on a blockhash the chain never issued', async () => {
    const sim = makeSimulator();
    const { signed } = await tipped(sim, 1_000_000n, TIP_RECEIVERS[1]!, '35HJ2QSRigYgao1tVxRJd7oDLW8aov5KNfq5YxkGVuHs');
    const answer = await submit(sim, signed);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: expect.stringMatching(/^Blockhash not found/) });
  });
});

describe('POST /tx/v1/submit without any signature', () => {
  it('answers 400 {error} for a transaction that requires no signature, not a 500', async () => {
    const sim = makeSimulator();
    const from = (await createTestWallet()).address;
    const blockhash = fromBase58(await recentBlockhash(sim))!;
    const transfer = new Uint8Array(12);
    new DataView(transfer.buffer).setUint32(0, 2, true);
    new DataView(transfer.buffer).setBigUint64(4, 5_000_000n, true);
    // A legacy message whose header asks for no signature: 0 signatures, accounts [from, tip receiver, system program].
    const bytes = Uint8Array.from([
      0,
      0,
      0,
      1,
      3,
      ...fromBase58(from)!,
      ...fromBase58(TIP_RECEIVERS[1]!)!,
      ...fromBase58(world.addresses.systemProgram)!,
      ...blockhash,
      1,
      2,
      2,
      0,
      1,
      12,
      ...transfer,
    ]);
    const answer = await submit(sim, toBase64(bytes));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: expect.stringMatching(/signature/) });
    expect(sim.control.getBalance(from, world.tokens.NATIVE_COIN.mint)).toBe(10_000_000_000n);
  });
});

describe('POST /tx/v1/submit and RFQ fills', () => {
  it('refuses an RFQ fill, naming where it lands: /swap/v2/execute, where the maker signs and fills its quote', async () => {
    const sim = makeSimulator();
    const taker = await createTestWallet();
    const order = await call(sim, 'GET', '/swap/v2/order', {
      query: { inputMint: NATIVE, outputMint: STABLECOIN, amount: '1000000000', taker: taker.address },
    });
    expect(order.body).toMatchObject({ router: 'router_rfq', maker: RFQ_MAKER });
    const signedByTaker = await taker.signTransaction(order.body.transaction);
    const missing = await submit(sim, signedByTaker);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(
      `Transaction is not fully signed: missing signature of ${RFQ_MAKER}, the RFQ maker, which signs an RFQ order's transaction only on /swap/v2/execute (send it there with the order's requestId)`,
    );
    // The same for a gasless order's transaction, which the service's gas wallet pays for.
    const poor = await createTestWallet();
    sim.control.setBalance(poor.address, 'NATIVE_COIN', 0n);
    const gasless = await call(sim, 'GET', '/swap/v2/order', {
      query: { inputMint: STABLECOIN, outputMint: NATIVE, amount: '20000000', taker: poor.address, excludeRouters: 'router_rfq' },
    });
    expect(gasless.body).toMatchObject({ gasless: true, signatureFeePayer: GAS_WALLET });
    expect((await submit(sim, await poor.signTransaction(gasless.body.transaction))).body.error).toBe(
      `Transaction is not fully signed: missing signature of ${GAS_WALLET}, the service's gas wallet, which signs a gasless swap order's transaction only on /swap/v2/execute (send it there with the order's requestId)`,
    );
    // A fill whose every signer signed (a maker of one's own): the quote it fills is not one the
    // service gave, so nothing can check its amounts and expiry; refused, unlanded.
    const maker = await createTestWallet();
    const built = buildTransaction({
      feePayer: taker.address,
      instructions: [
        systemTransfer(taker.address, TIP_RECEIVERS[1]!, 1_000_000n),
        programCall(
          SWAP_PROGRAM,
          'rfq_fill',
          [
            { pubkey: taker.address, isSigner: true, isWritable: true },
            { pubkey: maker.address, isSigner: true, isWritable: true },
            { pubkey: NATIVE, isSigner: false, isWritable: false },
            { pubkey: STABLECOIN, isSigner: false, isWritable: false },
          ],
          new Uint8Array([...encodeU64(1_000_000_000n), ...encodeU64(150_000_000n)]),
        ),
      ],
      blockhash: await recentBlockhash(sim),
      lastValidBlockHeight: 1,
    });
    const own = await submit(sim, await maker.signTransaction(await taker.signTransaction(built.base64)));
    expect(own.status).toBe(400);
    expect(own.body.error).toBe(
      'Instruction 1: an RFQ fill lands only through /swap/v2/execute, where the maker fills the quote it gave (until its expireAt); nothing landed',
    );
    expect(sim.control.getBalance(taker.address, NATIVE)).toBe(10_000_000_000n);
  });
});
