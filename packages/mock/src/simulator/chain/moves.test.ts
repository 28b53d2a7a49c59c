// The moves read from instructions are the ones the simulator's own builders encode.
import { describe, expect, it } from 'vitest';
import { world } from '../world.js';
import { AMM_KEYS, SWAP_PROGRAM, TOKEN_PROGRAM, TRIGGER_V1_PROGRAM } from './addresses.js';
import type { DecodedTransaction } from './decoded.js';
import {
  associatedTokenAccount,
  computeUnitLimit,
  encodeU64,
  programCall,
  swap,
  systemTransfer,
  tokenTransfer,
  type PlainInstruction,
} from './instructions.js';
import { transactionMoves } from './moves.js';

const A = world.wallets.taker;
const B = world.tipReceiver;
const { NATIVE_COIN, PLATFORM_TOKEN, STABLECOIN_USD } = world.tokens;

const tx = (...instructions: PlainInstruction[]): DecodedTransaction => ({
  messageBytes: new Uint8Array(),
  signatures: [],
  staticAccounts: [],
  lifetimeToken: '',
  version: 0,
  instructions: instructions.map((ix) => ({ programId: ix.programId, accounts: ix.accounts.map((a) => a.pubkey), data: ix.data })),
});

describe('transactionMoves', () => {
  it('reads native and token transfers, and skips instructions that move nothing', async () => {
    const moves = transactionMoves(
      tx(
        computeUnitLimit(200_000),
        systemTransfer(A, B, 1_000_000n),
        await tokenTransfer(A, B, PLATFORM_TOKEN.mint, 5_000_000n, PLATFORM_TOKEN.decimals),
      ),
    );
    expect(moves).toEqual([
      { kind: 'native transfer', from: A, to: B, mint: NATIVE_COIN.mint, amount: 1_000_000n },
      {
        kind: 'token transfer',
        from: A,
        to: await associatedTokenAccount(B, PLATFORM_TOKEN.mint),
        mint: PLATFORM_TOKEN.mint,
        amount: 5_000_000n,
      },
    ]);
  });

  it('reads a plain token transfer (tag 3) too, its mint the one whose account of the owner its source is', async () => {
    const source = await associatedTokenAccount(A, STABLECOIN_USD.mint);
    const destination = await associatedTokenAccount(B, STABLECOIN_USD.mint);
    const data = new Uint8Array([3, ...encodeU64(42n)]);
    const transfer: PlainInstruction = {
      programId: TOKEN_PROGRAM,
      accounts: [source, destination, A].map((pubkey, i) => ({ pubkey, isSigner: i === 2, isWritable: i < 2 })),
      data,
    };
    expect(transactionMoves(tx(transfer))).toEqual([
      { kind: 'token transfer', from: A, to: destination, mint: STABLECOIN_USD.mint, amount: 42n },
    ]);
  });

  it('reads a swap as what goes in and the least that comes out, to the receiver when there is one', () => {
    const input = {
      taker: A,
      ammKey: AMM_KEYS[0]!,
      inputMint: PLATFORM_TOKEN.mint,
      outputMint: STABLECOIN_USD.mint,
      inAmount: 7n,
      minOutAmount: 3n,
      slippageBps: 50,
    };
    expect(transactionMoves(tx(swap(input)))).toEqual([
      { kind: 'swap in', from: A, to: AMM_KEYS[0], mint: PLATFORM_TOKEN.mint, amount: 7n },
      { kind: 'swap out', from: AMM_KEYS[0], to: A, mint: STABLECOIN_USD.mint, amount: 3n, atLeast: true },
    ]);
    expect(transactionMoves(tx(swap({ ...input, receiver: B })))[1]).toMatchObject({ to: B });
    // A fee account is not where the output goes: without a receiver, it is the taker's.
    const fee = world.feeAccounts.referralAccount;
    expect(transactionMoves(tx(swap({ ...input, feeAccount: fee })))[1]).toMatchObject({ to: A });
    expect(transactionMoves(tx(swap({ ...input, receiver: B, feeAccount: fee })))[1]).toMatchObject({ to: B });
  });

  it('reads an RFQ fill and a trigger v1 order deposit', () => {
    const acct = (pubkey: string) => ({ pubkey, isSigner: false, isWritable: true });
    const rfq = programCall(
      SWAP_PROGRAM,
      'rfq_fill',
      [acct(A), acct(B), acct(PLATFORM_TOKEN.mint), acct(STABLECOIN_USD.mint)],
      new Uint8Array([...encodeU64(9n), ...encodeU64(4n)]),
    );
    const order = programCall(
      TRIGGER_V1_PROGRAM,
      'init_ord',
      [acct(A), acct(A), acct(B), acct(PLATFORM_TOKEN.mint), acct(STABLECOIN_USD.mint)],
      new Uint8Array([...encodeU64(11n), ...encodeU64(6n)]),
    );
    expect(transactionMoves(tx(rfq, order))).toEqual([
      { kind: 'swap in', from: A, to: B, mint: PLATFORM_TOKEN.mint, amount: 9n },
      { kind: 'swap out', from: B, to: A, mint: STABLECOIN_USD.mint, amount: 4n },
      { kind: 'order deposit', from: A, to: B, mint: PLATFORM_TOKEN.mint, amount: 11n },
    ]);
  });
});
