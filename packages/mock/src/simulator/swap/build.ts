// GET /swap/v2/build: raw swap instructions from the on-chain router (no service swap fee), with
// the blockhash they need, and a tip instruction when tipAmount is given (for /tx/v1/submit).
import type { Instruction, SwapBuildResponse } from '@x/types';
import { AMM_KEYS, TIP_RECEIVERS } from '../chain/addresses.js';
import {
  closeTokenAccount,
  computeUnitPrice,
  createTokenAccount,
  swap,
  systemTransfer,
  type PlainInstruction,
} from '../chain/instructions.js';
import { BLOCKHASH_VALIDITY_BLOCKS } from '../chain/ledger.js';
import { iso } from '../context.js';
import type { Handler } from '../handler.js';
import { fromBase58, toBase64 } from '../encoding.js';
import { ApiError, parseAmount } from '../errors.js';
import { marketQuery, readsMarket, unavailable } from '../market/read.js';
import { NATIVE_MINT, tokenByMint } from '../tokens.js';
import { bpsIn, feeOf } from './bps.js';

const PERCENTILE_MICROLAMPORTS: Record<string, bigint> = { medium: 25_000n, high: 50_000n, veryHigh: 75_000n };

/** The simulated chain's compute unit price at a percentile of recent priority fees, in basis points (10 micro-lamports each). */
export const microLamportsAtPercentile = (percentileBps: number): bigint => bpsIn(percentileBps, 10n);

const plain = (ix: PlainInstruction): Instruction => ({
  programId: ix.programId,
  accounts: ix.accounts.map((a) => ({ pubkey: a.pubkey, isSigner: a.isSigner, isWritable: a.isWritable })),
  data: toBase64(ix.data),
});

type Blockhash = SwapBuildResponse['blockhashWithMetadata']['blockhash'];

/** The 32 bytes of a blockhash as the array of numbers the answer carries. */
function blockhash32(bytes: Uint8Array): Blockhash {
  const out = [...bytes];
  if (!isBlockhash(out)) throw new Error(`a blockhash has 32 bytes, not ${out.length}`);
  return out;
}
const isBlockhash = (values: number[]): values is Blockhash => values.length === 32;

interface MarketBuild {
  outAmount?: unknown;
  otherAmountThreshold?: unknown;
  slippageBps?: unknown;
  routePlan?: unknown;
}

const integer = (value: unknown): bigint | undefined => (typeof value === 'string' && /^\d+$/.test(value) ? BigInt(value) : undefined);

/**
 * With a market: its amounts, slippage and route plan (its error answer as it is); the
 * instructions, the blockhash and the accounts are always the simulator's own.
 */
export const swapGetBuild: Handler<'swapGetBuild'> = readsMarket(async (ctx) => {
  const { sim } = ctx;
  const market = await sim.market.read(marketQuery(ctx));
  if (market.kind === 'unavailable') throw unavailable(market);
  if (market.kind === 'market' && market.status !== 200) return { status: market.status, body: market.body } as never;
  const priced = market.kind === 'market' ? (market.body as MarketBuild) : undefined;
  const inputMint = ctx.input.query.inputMint!;
  const outputMint = ctx.input.query.outputMint!;
  const amount = parseAmount(ctx.input.query.amount!, 'amount');
  const taker = ctx.input.query.taker!;
  const payer = ctx.input.query.payer ?? taker;
  const platformFeeBps = ctx.input.query.platformFeeBps ?? 0;
  const feeAccount = ctx.input.query.feeAccount;
  const dexes = ctx.input.query.dexes;
  const excludeDexes = ctx.input.query.excludeDexes;
  const destinationTokenAccount = ctx.input.query.destinationTokenAccount;
  const nativeDestinationAccount = ctx.input.query.nativeDestinationAccount;
  const rawSlippage = ctx.input.query.slippageBps;
  const slippageBps = typeof rawSlippage === 'number' ? rawSlippage : rawSlippage === 'rtse' ? 30 : 50;
  const wrapAndUnwrapSol = ctx.input.query.wrapAndUnwrapSol ?? true;
  // A blockhash lives BLOCKHASH_VALIDITY_BLOCKS blocks from its issue, no longer: fewer slots are
  // given by an older blockhash (one issued 150 - slots blocks ago expires in `slots`), more cannot be.
  const expirySlots = Math.min(ctx.input.query.blockhashSlotsToExpiry ?? BLOCKHASH_VALIDITY_BLOCKS, BLOCKHASH_VALIDITY_BLOCKS);
  const tipAmount = ctx.input.query.tipAmount;
  const percentile = ctx.input.query.computeUnitPricePercentile;
  const tip = tipAmount === undefined ? 0n : parseAmount(tipAmount, 'tipAmount');

  if (dexes !== undefined && excludeDexes !== undefined) throw new ApiError(400, 'dexes and excludeDexes are mutually exclusive');
  if (destinationTokenAccount !== undefined && nativeDestinationAccount !== undefined) {
    throw new ApiError(400, 'destinationTokenAccount and nativeDestinationAccount are mutually exclusive');
  }
  if (platformFeeBps > 0 && feeAccount === undefined) throw new ApiError(400, 'feeAccount is required when platformFeeBps is positive');
  if (!tokenByMint(inputMint)) throw new ApiError(400, 'Invalid inputMint');
  if (!tokenByMint(outputMint)) throw new ApiError(400, 'Invalid outputMint');
  if (inputMint === outputMint) throw new ApiError(400, 'inputMint and outputMint must differ');
  if (amount <= 0n) throw new ApiError(400, 'amount must be greater than 0');
  const label = 'provider_a';
  const allowedDexes = dexes?.split(',').map((s) => s.trim().replace(/\+/g, ' '));
  const excluded = excludeDexes?.split(',').map((s) => s.trim().replace(/\+/g, ' '));
  if ((allowedDexes && !allowedDexes.includes(label)) || excluded?.includes(label)) throw new ApiError(400, 'No routes found');

  const marketOut = integer(priced?.outAmount);
  const routeOut = marketOut ?? sim.prices.convert(inputMint, outputMint, amount);
  const feeAmount = marketOut !== undefined ? 0n : feeOf(routeOut, platformFeeBps);
  const outAmount = routeOut - feeAmount;
  if (outAmount <= 0n) throw new ApiError(400, 'Amount too small to swap');
  const threshold = integer(priced?.otherAmountThreshold) ?? (outAmount * BigInt(10_000 - slippageBps)) / 10_000n;

  const recipientMissing =
    outputMint !== NATIVE_MINT && destinationTokenAccount === undefined && sim.wallets.balance(taker, outputMint) === null;
  const setupInstructions = recipientMissing ? [createTokenAccount(payer, taker, outputMint)] : [];
  const cleanupInstruction =
    wrapAndUnwrapSol && (outputMint === NATIVE_MINT || inputMint === NATIVE_MINT) ? await closeTokenAccount(taker, NATIVE_MINT) : null;
  const microLamports =
    typeof percentile === 'number'
      ? microLamportsAtPercentile(percentile)
      : (PERCENTILE_MICROLAMPORTS[String(percentile ?? 'medium')] ?? 25_000n);
  const swapIx = swap({
    taker,
    ammKey: AMM_KEYS[0] as string,
    inputMint,
    outputMint,
    inAmount: amount,
    minOutAmount: threshold,
    slippageBps,
    ...((destinationTokenAccount ?? nativeDestinationAccount) ? { receiver: (destinationTokenAccount ?? nativeDestinationAccount)! } : {}),
    ...(feeAccount && platformFeeBps > 0 ? { feeAccount, feeBps: platformFeeBps } : {}),
  });
  const height = sim.ledger.blockHeight();
  return {
    body: {
      inputMint,
      outputMint,
      inAmount: amount.toString(),
      outAmount: outAmount.toString(),
      otherAmountThreshold: threshold.toString(),
      swapMode: 'ExactIn',
      slippageBps: typeof priced?.slippageBps === 'number' ? priced.slippageBps : slippageBps,
      routePlan: (Array.isArray(priced?.routePlan) ? (priced.routePlan as SwapBuildResponse['routePlan']) : undefined) ?? [
        {
          swapInfo: { ammKey: AMM_KEYS[0]!, label, inputMint, outputMint, inAmount: amount.toString(), outAmount: routeOut.toString() },
          percent: 100,
          bps: 10_000,
          usdValue: sim.prices.usdValue(inputMint, amount),
        },
      ],
      computeBudgetInstructions: [plain(computeUnitPrice(microLamports))],
      setupInstructions: setupInstructions.map(plain),
      swapInstruction: plain(swapIx),
      cleanupInstruction: cleanupInstruction ? plain(cleanupInstruction) : null,
      otherInstructions: [],
      tipInstruction: tip > 0n ? plain(systemTransfer(payer, TIP_RECEIVERS[0] as string, tip)) : null,
      addressesByLookupTableAddress: null,
      blockhashWithMetadata: {
        blockhash: blockhash32(
          expirySlots === BLOCKHASH_VALIDITY_BLOCKS
            ? sim.ledger.recentBlockhashBytes()
            : fromBase58(sim.ledger.blockhashAt(height - (BLOCKHASH_VALIDITY_BLOCKS - expirySlots)))!,
        ),
        lastValidBlockHeight: height + expirySlots,
        fetchedAt: iso(sim.clock.now()),
      },
    },
  };
});
