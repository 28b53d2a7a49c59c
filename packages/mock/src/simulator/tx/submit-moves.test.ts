// POST /tx/v1/submit applies what a landed transaction does (tx/land.ts), once; it refuses, unlanded,
// a transaction holding an instruction the simulator cannot apply.
import { associatedTokenAddress, COMPUTE_BUDGET_PROGRAM_ADDRESS, decodeAddress, encodeBase58 } from '@x/chain';
import { describe, expect, it } from 'vitest';
import { ASSOCIATED_TOKEN_PROGRAM, SYSTEM_PROGRAM, TIP_RECEIVERS, TOKEN_PROGRAM, TRIGGER_V1_PROGRAM } from '../chain/addresses.js';
import {
  closeTokenAccount,
  computeUnitLimit,
  createTokenAccount,
  computeUnitPrice,
  swap,
  systemTransfer,
  tokenTransfer,
  type PlainInstruction,
} from '../chain/instructions.js';
import { buildTransaction } from '../chain/transactions.js';
import { fromBase64 } from '../encoding.js';
import type { Simulator } from '../index.js';
import { world } from '../world.js';
import {
  call,
  createTestWallet,
  makeSimulator,
  NATIVE,
  PLATFORM_TOKEN,
  recentBlockhash,
  STABLECOIN,
  type TestWallet,
} from '../test-support/harness.js';

const submit = (sim: Simulator, signedTransaction: string) => call(sim, 'POST', '/tx/v1/submit', { body: { signedTransaction } });

async function signed(sim: Simulator, wallet: TestWallet, instructions: PlainInstruction[]): Promise<string> {
  const built = buildTransaction({
    feePayer: wallet.address,
    instructions,
    blockhash: await recentBlockhash(sim),
    lastValidBlockHeight: 0,
  });
  return wallet.signTransaction(built.base64);
}

/** `owner`'s associated token account of `mint`, derived with @x/chain (not through the simulator). */
const ata = (owner: string, mint: string): string =>
  encodeBase58(associatedTokenAddress(decodeAddress(owner)!, decodeAddress(mint)!, decodeAddress(TOKEN_PROGRAM)!));

/** A token program instruction: `tag`, the u64 amount, and for transferChecked the decimals. */
function tokenInstruction(tag: number, accounts: string[], amount: bigint, decimals?: number): PlainInstruction {
  const data = new Uint8Array(decimals === undefined ? 9 : 10);
  data[0] = tag;
  new DataView(data.buffer).setBigUint64(1, amount, true);
  if (decimals !== undefined) data[9] = decimals;
  const owner = accounts.length - 1;
  return {
    programId: TOKEN_PROGRAM,
    accounts: accounts.map((pubkey, i) => ({ pubkey, isSigner: i === owner, isWritable: i !== owner && (i === 0 || i === owner - 1) })),
    data,
  };
}

/** The associated token account program's createIdempotent, in the chain's layout. */
const createIdempotent = (payer: string, owner: string, mint: string): PlainInstruction => ({
  programId: ASSOCIATED_TOKEN_PROGRAM,
  accounts: [
    { pubkey: payer, isSigner: true, isWritable: true },
    { pubkey: ata(owner, mint), isSigner: false, isWritable: true },
    { pubkey: owner, isSigner: false, isWritable: false },
    { pubkey: mint, isSigner: false, isWritable: false },
    { pubkey: SYSTEM_PROGRAM, isSigner: false, isWritable: false },
    { pubkey: TOKEN_PROGRAM, isSigner: false, isWritable: false },
  ],
  data: Uint8Array.of(1),
});

/** A tip, the creation of `friend`'s STABLECOIN_USD account (naming it), and a transferChecked of 5 STABLECOIN_USD to it. */
const tippedTransferTo = async (owner: string, friend: string): Promise<PlainInstruction[]> => [
  systemTransfer(owner, TIP_RECEIVERS[1]!, 1_000_000n),
  createIdempotent(owner, friend, STABLECOIN),
  await tokenTransfer(owner, friend, STABLECOIN, 5_000_000n, 6),
];

describe('POST /tx/v1/submit moves what the transaction moves', () => {
  it('applies its transfers and its tip once, whatever the number of submissions', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const friend = (await createTestWallet()).address;
    const tx = await signed(sim, wallet, [
      systemTransfer(wallet.address, TIP_RECEIVERS[1]!, 1_000_000n),
      systemTransfer(wallet.address, friend, 2_000_000_000n),
    ]);
    expect((await submit(sim, tx)).status).toBe(200);
    expect((await submit(sim, tx)).status).toBe(400);
    // The network fee too: 5000 lamports for its one signature (no compute unit price).
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(10_000_000_000n - 2_001_000_000n - 5000n);
    expect(sim.control.getBalance(friend, NATIVE)).toBe(12_000_000_000n);
    expect(sim.control.getBalance(TIP_RECEIVERS[1]!, NATIVE)).toBe(10_001_000_000n);
  });

  it('lands a swap built with /swap/v2/build: the input leaves the taker, the output arrives', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const start = [sim.control.getBalance(wallet.address, PLATFORM_TOKEN)!, sim.control.getBalance(wallet.address, STABLECOIN)!];
    const build = await call(sim, 'GET', '/swap/v2/build', {
      query: { inputMint: PLATFORM_TOKEN, outputMint: STABLECOIN, amount: '1000000000', taker: wallet.address, tipAmount: '1000000' },
    });
    expect(build.status).toBe(200);
    const { computeBudgetInstructions, setupInstructions, swapInstruction, tipInstruction } = build.body;
    const instructions = [...computeBudgetInstructions, ...setupInstructions, swapInstruction, tipInstruction].map(
      (ix: { programId: string; accounts: PlainInstruction['accounts']; data: string }) => ({ ...ix, data: fromBase64(ix.data)! }),
    );
    const tx = await signed(sim, wallet, instructions);
    expect((await submit(sim, tx)).status).toBe(200);
    expect(sim.control.getBalance(wallet.address, PLATFORM_TOKEN)).toBe(start[0]! - 1_000_000_000n);
    expect(sim.control.getBalance(wallet.address, STABLECOIN)).toBe(start[1]! + BigInt(build.body.outAmount));
    // The tip, and the network fee: 5000 lamports for the signature, plus the build's priority fee of
    // 25 000 micro-lamports per unit (medium) times 206 000 units (no limit set: 200 000 for the swap,
    // 3000 for the tip, a System program instruction, and 3000 for the compute budget program's price
    // instruction, a builtin too): 5150 lamports.
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(10_000_000_000n - 1_000_000n - 5000n - 5150n);
  });

  it('lands a build swap to another account and with a platform fee: the receiver gets the output less the fee, the fee account the fee', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const { receiver, integratorPayer } = world.wallets;
    const build = await call(sim, 'GET', '/swap/v2/build', {
      query: {
        inputMint: PLATFORM_TOKEN,
        outputMint: STABLECOIN,
        amount: '1000000000',
        taker: wallet.address,
        tipAmount: '1000000',
        destinationTokenAccount: ata(receiver, STABLECOIN),
        platformFeeBps: 100,
        feeAccount: ata(integratorPayer, STABLECOIN),
      },
    });
    expect(build.status).toBe(200);
    const { swapInstruction, tipInstruction } = build.body;
    const instructions = [swapInstruction, tipInstruction].map(
      (ix: { programId: string; accounts: PlainInstruction['accounts']; data: string }) => ({ ...ix, data: fromBase64(ix.data)! }),
    );
    expect((await submit(sim, await signed(sim, wallet, instructions))).status).toBe(200);
    // 1000 PLATFORM_TOKEN at 0.5 USD is 500 STABLECOIN_USD; 1 % of it (5) to the fee account's owner.
    expect(build.body.outAmount).toBe('495000000');
    expect(sim.control.getBalance(wallet.address, PLATFORM_TOKEN)).toBe(100_000_000_000n - 1_000_000_000n);
    expect(sim.control.getBalance(wallet.address, STABLECOIN)).toBe(10_000_000_000n);
    expect(sim.control.getBalance(receiver, STABLECOIN)).toBe(10_000_000_000n + 495_000_000n);
    expect(sim.control.getBalance(integratorPayer, STABLECOIN)).toBe(10_000_000_000n + 5_000_000n);
  });

  it('lands a build swap into the native coin, whose cleanup closes the wrapped native account', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const build = await call(sim, 'GET', '/swap/v2/build', {
      query: { inputMint: STABLECOIN, outputMint: NATIVE, amount: '15000000', taker: wallet.address, tipAmount: '1000000' },
    });
    const { swapInstruction, cleanupInstruction, tipInstruction } = build.body;
    expect(cleanupInstruction).not.toBeNull();
    const instructions = [swapInstruction, cleanupInstruction, tipInstruction].map(
      (ix: { programId: string; accounts: PlainInstruction['accounts']; data: string }) => ({ ...ix, data: fromBase64(ix.data)! }),
    );
    expect((await submit(sim, await signed(sim, wallet, instructions))).status).toBe(200);
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(10_000_000_000n + BigInt(build.body.outAmount) - 1_000_000n - 5000n);
  });

  it('charges the fee payer the fee of every signature and the priority fee the transaction sets, and refuses one it cannot pay', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const cosigner = await createTestWallet();
    const friend = (await createTestWallet()).address;
    // Two signatures, a limit of 300 000 units at 1 000 micro-lamports each: 2 x 5000 + 300 lamports.
    const built = buildTransaction({
      feePayer: wallet.address,
      instructions: [
        computeUnitLimit(300_000),
        computeUnitPrice(1_000n),
        systemTransfer(wallet.address, TIP_RECEIVERS[1]!, 1_000_000n),
        systemTransfer(cosigner.address, friend, 7n),
      ],
      blockhash: await recentBlockhash(sim),
      lastValidBlockHeight: 0,
    });
    const tx = await cosigner.signTransaction(await wallet.signTransaction(built.base64));
    expect((await submit(sim, tx)).status).toBe(200);
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(10_000_000_000n - 1_000_000n - 10_300n);
    expect(sim.control.getBalance(cosigner.address, NATIVE)).toBe(10_000_000_000n - 7n);
    // Without a limit, an instruction of a builtin program (System, compute budget) counts 3000 units, not 200 000:
    // 3 x 3000 units at 1000 micro-lamports, 9 lamports.
    const noLimit = await signed(sim, cosigner, [
      computeUnitPrice(1_000n),
      systemTransfer(cosigner.address, TIP_RECEIVERS[1]!, 1_000_000n),
      systemTransfer(cosigner.address, friend, 1n),
    ]);
    expect((await submit(sim, noLimit)).status).toBe(200);
    expect(sim.control.getBalance(cosigner.address, NATIVE)).toBe(10_000_000_000n - 7n - 1_000_001n - 5009n);
    // The chain's own compute budget program (a transaction assembled with the protocol's id) counts the same.
    const real = (ix: PlainInstruction): PlainInstruction => ({ ...ix, programId: COMPUTE_BUDGET_PROGRAM_ADDRESS });
    const protocol = await signed(sim, wallet, [
      real(computeUnitLimit(100_000)),
      real(computeUnitPrice(10_000n)),
      systemTransfer(wallet.address, TIP_RECEIVERS[1]!, 1_000_000n),
    ]);
    expect((await submit(sim, protocol)).status).toBe(200);
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(10_000_000_000n - 2_000_000n - 10_300n - 6000n);
    // A fee payer who cannot pay the fee: nothing lands, nothing moves.
    const poor = await createTestWallet();
    sim.control.setBalance(poor.address, 'NATIVE_COIN', 4_999n);
    const refused = await submit(sim, await signed(sim, poor, [systemTransfer(poor.address, TIP_RECEIVERS[1]!, 1_000_000n)]));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/insufficient funds for fee/i);
    expect(sim.control.getBalance(poor.address, NATIVE)).toBe(4_999n);
  });

  it('refuses, as the chain does, a compute budget set twice or with data it cannot read; nothing lands', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const tip = systemTransfer(wallet.address, TIP_RECEIVERS[1]!, 1_000_000n);
    const twice = await submit(sim, await signed(sim, wallet, [computeUnitPrice(1n), computeUnitPrice(1_000_000n), tip]));
    expect(twice.status).toBe(400);
    expect(twice.body.error).toBe('Instruction 1: duplicate instruction: the compute unit price is set twice; nothing landed');
    const limits = await submit(sim, await signed(sim, wallet, [computeUnitLimit(1000), tip, computeUnitLimit(300_000)]));
    expect(limits.body.error).toBe('Instruction 2: duplicate instruction: the compute unit limit is set twice; nothing landed');
    const short = { ...computeUnitPrice(5n), data: Uint8Array.of(3, 5) };
    const garbled = await submit(sim, await signed(sim, wallet, [short, tip]));
    expect(garbled.body.error).toBe('Instruction 0: invalid instruction data: not a compute budget instruction; nothing landed');
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(10_000_000_000n);
    expect(sim.control.transactions().transactions).toEqual([]);
  });

  it("lands token transfers (transferChecked and transfer) from a signer's account to a wallet's account", async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const friend = (await createTestWallet()).address;
    const checked = await signed(sim, wallet, await tippedTransferTo(wallet.address, friend));
    expect((await submit(sim, checked)).status).toBe(200);
    expect(sim.control.getBalance(wallet.address, STABLECOIN)).toBe(10_000_000_000n - 5_000_000n);
    expect(sim.control.getBalance(friend, STABLECOIN)).toBe(10_000_000_000n + 5_000_000n);
    // A plain transfer (tag 3: source, destination, owner), its accounts derived as a wallet derives them;
    // the recipient is named in the transaction (here by the creation of its account, idempotent).
    const other = (await createTestWallet()).address;
    const plain = await signed(sim, wallet, [
      systemTransfer(wallet.address, TIP_RECEIVERS[1]!, 1_000_000n),
      createIdempotent(wallet.address, other, PLATFORM_TOKEN),
      tokenInstruction(3, [ata(wallet.address, PLATFORM_TOKEN), ata(other, PLATFORM_TOKEN), wallet.address], 7_000_000n),
    ]);
    expect((await submit(sim, plain)).status).toBe(200);
    expect(sim.control.getBalance(wallet.address, PLATFORM_TOKEN)).toBe(100_000_000_000n - 7_000_000n);
    expect(sim.control.getBalance(other, PLATFORM_TOKEN)).toBe(100_000_000_000n + 7_000_000n);
    expect(sim.control.transactions().transactions).toHaveLength(2);
  });

  it('charges the payer of a token account it creates the rent-exempt minimum, which the new account holds', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const friend = (await createTestWallet()).address;
    const rent = 2_039_280n; // (128 + 165 bytes) x 6960 lamports: the chain's rent-exempt minimum of a token account
    sim.control.setBalance(friend, 'STABLECOIN_USD', null); // no STABLECOIN_USD account yet
    const created = await signed(sim, wallet, await tippedTransferTo(wallet.address, friend));
    expect((await submit(sim, created)).status).toBe(200);
    // The payer gives the tip, the network fee (one signature) and the rent; the new account holds the rent.
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(10_000_000_000n - 1_000_000n - 5000n - rent);
    expect(sim.control.getBalance(ata(friend, STABLECOIN), NATIVE)).toBe(rent);
    // A token account is no wallet: it holds no token account of its own (the explorer lists no starting balances for it).
    for (const mint of [PLATFORM_TOKEN, STABLECOIN]) expect(sim.control.getBalance(ata(friend, STABLECOIN), mint)).toBeNull();
    expect(sim.control.getBalance(friend, STABLECOIN)).toBe(5_000_000n);
    // createIdempotent of the account that now exists creates nothing and charges nothing (a block
    // later, so that the same instructions make another transaction).
    sim.control.advanceTime(400);
    const again = await signed(sim, wallet, await tippedTransferTo(wallet.address, friend));
    expect((await submit(sim, again)).status).toBe(200);
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(10_000_000_000n - 2_000_000n - 10_000n - rent);
    expect(sim.control.getBalance(ata(friend, STABLECOIN), NATIVE)).toBe(rent);
    // The simulator's own layout (a /swap/v2/build setup instruction: payer, owner, mint, system program) costs the same.
    const other = (await createTestWallet()).address;
    sim.control.setBalance(other, 'PLATFORM_TOKEN', null);
    const own = await signed(sim, wallet, [
      systemTransfer(wallet.address, TIP_RECEIVERS[1]!, 1_000_000n),
      createTokenAccount(wallet.address, other, PLATFORM_TOKEN),
    ]);
    const ownLanded = await submit(sim, own);
    expect(ownLanded.body).toEqual({ signature: expect.any(String) });
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(10_000_000_000n - 3_000_000n - 15_000n - 2n * rent);
    expect(sim.control.getBalance(ata(other, PLATFORM_TOKEN), NATIVE)).toBe(rent);
    expect(sim.control.getBalance(other, PLATFORM_TOKEN)).toBe(0n);
    // The explorer lists the rent as a move of the transaction that paid it, and none for the
    // creation that found its account.
    const rentMoves = (signature: string) =>
      sim.control
        .transactions()
        .transactions.find((t) => t.signature === signature)
        ?.moves.filter((m) => m.kind === 'token account rent');
    const signatureOf = (text: string) => encodeBase58(fromBase64(text)!.subarray(1, 65));
    const rentMove = (to: string) =>
      expect.objectContaining({
        kind: 'token account rent',
        from: wallet.address,
        to,
        mint: NATIVE,
        symbol: 'NATIVE_COIN',
        amount: rent.toString(),
      });
    expect(rentMoves(signatureOf(created))).toEqual([rentMove(ata(friend, STABLECOIN))]);
    expect(rentMoves(signatureOf(again))).toEqual([]);
    expect(rentMoves(ownLanded.body.signature)).toEqual([rentMove(ata(other, PLATFORM_TOKEN))]);
  });

  it('refuses, unlanded, a token account creation whose payer cannot pay the rent', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const friend = (await createTestWallet()).address;
    sim.control.setBalance(friend, 'STABLECOIN_USD', null);
    sim.control.setBalance(wallet.address, 'NATIVE_COIN', 1_000_000n + 5000n + 2_039_279n);
    const res = await submit(sim, await signed(sim, wallet, await tippedTransferTo(wallet.address, friend)));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Instruction 1: insufficient funds: .* needs 2039280; nothing landed$/);
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(1_000_000n + 5000n + 2_039_279n);
    expect(sim.control.getBalance(friend, STABLECOIN)).toBeNull();
    expect(sim.control.getBalance(ata(friend, STABLECOIN), NATIVE)).toBe(10_000_000_000n);
  });

  it('refuses a token transfer the token program would refuse, and lands nothing of its transaction', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const victim = await createTestWallet();
    const friend = (await createTestWallet()).address;
    const refusal = async (instruction: PlainInstruction) => {
      const res = await submit(
        sim,
        await signed(sim, wallet, [systemTransfer(wallet.address, TIP_RECEIVERS[1]!, 1_000_000n), instruction]),
      );
      expect(res.status).toBe(400);
      return res.body.error as string;
    };
    const checked = (source: string, mint: string, destination: string, owner: string, amount: bigint, decimals: number) =>
      tokenInstruction(12, [source, mint, destination, owner], amount, decimals);
    // The mint's decimals are 6, not 9: the token program's MintDecimalsMismatch.
    expect(await refusal(checked(ata(wallet.address, STABLECOIN), STABLECOIN, ata(friend, STABLECOIN), wallet.address, 1n, 9))).toMatch(
      /^Instruction 1: custom program error 0x12: STABLECOIN_USD has 6 decimals, the instruction says 9; nothing landed$/,
    );
    // The victim's account, the victim named as owner but not a signer.
    const theft = checked(ata(victim.address, STABLECOIN), STABLECOIN, ata(wallet.address, STABLECOIN), victim.address, 1n, 6);
    theft.accounts[3]!.isSigner = false;
    expect(await refusal(theft)).toMatch(/did not sign/);
    // The victim's account with the wallet as owner: not the wallet's account.
    expect(
      await refusal(checked(ata(victim.address, STABLECOIN), STABLECOIN, ata(wallet.address, STABLECOIN), wallet.address, 1n, 6)),
    ).toMatch(/custom program error 0x4: the source .* is not the associated token account of .* for STABLECOIN_USD/);
    // More than the balance (to itself: the transaction names the wallet).
    expect(
      await refusal(
        checked(ata(wallet.address, STABLECOIN), STABLECOIN, ata(wallet.address, STABLECOIN), wallet.address, 10_000_000_001n, 6),
      ),
    ).toMatch(/insufficient funds/);
    // A destination that is no wallet's account the transaction or the simulator knows.
    const stranger = encodeBase58(crypto.getRandomValues(new Uint8Array(32)));
    expect(await refusal(checked(ata(wallet.address, STABLECOIN), STABLECOIN, stranger, wallet.address, 1n, 6))).toMatch(
      /the destination .* is not the associated token account of a wallet the simulator knows/,
    );
    // A swap whose fee rate is above 100 %: no output to take it from.
    const greedy = swap({
      taker: wallet.address,
      ammKey: world.addresses.ammKeyA,
      inputMint: PLATFORM_TOKEN,
      outputMint: STABLECOIN,
      inAmount: 1_000_000n,
      minOutAmount: 0n,
      slippageBps: 50,
      feeAccount: friend,
      feeBps: 20_000,
    });
    expect(await refusal(greedy)).toMatch(/^Instruction 1: a swap fee of 1000000 above its output of 500000; nothing landed$/);
    // A plain transfer from an account of no listed token.
    expect(await refusal(tokenInstruction(3, [stranger, ata(friend, STABLECOIN), wallet.address], 1n))).toMatch(
      /the source .* is not an associated token account of .* for a token the simulator lists/,
    );
    expect(sim.control.getBalance(wallet.address, STABLECOIN)).toBe(10_000_000_000n);
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(10_000_000_000n);
    expect(sim.control.transactions().transactions).toEqual([]);
  });

  it("puts back a token account it opened when a later instruction cannot apply: the rent, the account, the owner's balance", async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const friend = (await createTestWallet()).address;
    sim.control.setBalance(friend, 'STABLECOIN_USD', null);
    const tx = await signed(sim, wallet, [
      ...(await tippedTransferTo(wallet.address, friend)),
      { programId: TRIGGER_V1_PROGRAM, accounts: [{ pubkey: wallet.address, isSigner: true, isWritable: true }], data: Uint8Array.of(1) },
    ]);
    const res = await submit(sim, tx);
    expect(res.body.error).toMatch(/^Instruction 3: the simulator cannot apply this instruction/);
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(10_000_000_000n);
    expect(sim.control.getBalance(friend, STABLECOIN)).toBeNull();
    // The account is unknown again: the simulator's default balances of an address it never saw.
    expect(sim.control.getBalance(ata(friend, STABLECOIN), NATIVE)).toBe(10_000_000_000n);
    expect(sim.control.transactions().transactions).toEqual([]);
  });

  it('refuses, unlanded and moving nothing, a transaction with an instruction it cannot apply', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const friend = (await createTestWallet()).address;
    const tx = await signed(sim, wallet, [
      ...(await tippedTransferTo(wallet.address, friend)),
      { programId: TRIGGER_V1_PROGRAM, accounts: [{ pubkey: wallet.address, isSigner: true, isWritable: true }], data: Uint8Array.of(1) },
    ]);
    const res = await submit(sim, tx);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Instruction 3: the simulator cannot apply this instruction/);
    expect(sim.control.getBalance(friend, STABLECOIN)).toBe(10_000_000_000n);
    const close = await submit(
      sim,
      await signed(sim, wallet, [
        systemTransfer(wallet.address, TIP_RECEIVERS[1]!, 1_000_000n),
        await closeTokenAccount(wallet.address, STABLECOIN),
      ]),
    );
    expect(close.body.error).toMatch(/^Instruction 1: the simulator closes only the wrapped native coin account/);
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(10_000_000_000n);
    expect(sim.control.transactions().transactions).toEqual([]);
  });

  it('refuses a transfer from an account that did not sign, or beyond the balance', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const victim = (await createTestWallet()).address;
    // The victim's transfer with its account not marked as a signer: no signature of the victim is asked for.
    const theft = systemTransfer(victim, wallet.address, 5n);
    theft.accounts[0]!.isSigner = false;
    const stolen = await submit(sim, await signed(sim, wallet, [systemTransfer(wallet.address, TIP_RECEIVERS[1]!, 1_000_000n), theft]));
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toMatch(/did not sign/);
    const tooMuch = await submit(
      sim,
      await signed(sim, wallet, [
        systemTransfer(wallet.address, TIP_RECEIVERS[1]!, 1_000_000n),
        systemTransfer(wallet.address, victim, 10_000_000_000n),
      ]),
    );
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toMatch(/insufficient funds/);
    expect(sim.control.getBalance(wallet.address, NATIVE)).toBe(10_000_000_000n);
  });

  it('never lands a signed sign-in challenge (its signature is a credential the explorer would show)', async () => {
    const sim = makeSimulator();
    const wallet = await createTestWallet();
    const challenge = await call(sim, 'POST', '/trigger/v2/auth/challenge', {
      body: { walletPubkey: wallet.address, type: 'transaction' },
    });
    const signedTransaction = await wallet.signTransaction(challenge.body.transaction);
    await expect(sim.control.sendTransaction(signedTransaction)).rejects.toThrow(/sign-in challenge/);
    expect(sim.control.transactions().transactions).toEqual([]);
    // It still signs the wallet in.
    const verify = await call(sim, 'POST', '/trigger/v2/auth/verify', {
      body: { type: 'transaction', walletPubkey: wallet.address, signedTransaction },
    });
    expect(verify.status).toBe(200);
  });
});
