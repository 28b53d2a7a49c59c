// GET /swap/v2/build: raw swap instructions from the on-chain router (no service swap fee), with
// the blockhash they need, and a tip instruction when tipAmount is given (for /tx/v1/submit).
import { AMM_KEYS, TIP_RECEIVERS } from '../chain/addresses.js';
import {
  closeTokenAccount,
  computeUnitPrice,
  createTokenAccount,
  swap,
  systemTransfer,
  type PlainInstruction,
} from '../chain/instructions.js';
import { iso, q, type Handler } from '../context.js';
import { toBase64 } from '../encoding.js';
import { ApiError, parseAmount } from '../errors.js';
import { NATIVE_MINT, tokenByMint } from '../tokens.js';

const PERCENTILE_MICROLAMPORTS: Record<string, bigint> = { medium: 25_000n, high: 50_000n, veryHigh: 75_000n };

const plain = (ix: PlainInstruction): Record<string, unknown> => ({
  programId: ix.programId,
  accounts: ix.accounts.map((a) => ({ pubkey: a.pubkey, isSigner: a.isSigner, isWritable: a.isWritable })),
  data: toBase64(ix.data),
});

export const swapGetBuild: Handler = async (ctx) => {
  const { sim } = ctx;
  const inputMint = q(ctx, 'inputMint')!;
  const outputMint = q(ctx, 'outputMint')!;
  const amount = parseAmount(q<string>(ctx, 'amount')!, 'amount');
  const taker = q(ctx, 'taker')!;
  const payer = q(ctx, 'payer') ?? taker;
  const platformFeeBps = q<number>(ctx, 'platformFeeBps') ?? 0;
  const feeAccount = q(ctx, 'feeAccount');
  const dexes = q(ctx, 'dexes');
  const excludeDexes = q(ctx, 'excludeDexes');
  const destinationTokenAccount = q(ctx, 'destinationTokenAccount');
  const nativeDestinationAccount = q(ctx, 'nativeDestinationAccount');
  const rawSlippage = q<number | string>(ctx, 'slippageBps');
  const slippageBps = typeof rawSlippage === 'number' ? rawSlippage : rawSlippage === 'rtse' ? 30 : 50;
  const wrapAndUnwrapSol = q<boolean>(ctx, 'wrapAndUnwrapSol') ?? true;
  const expirySlots = q<number>(ctx, 'blockhashSlotsToExpiry') ?? 150;
  const tipAmount = q<string>(ctx, 'tipAmount');
  const percentile = q<string | number>(ctx, 'computeUnitPricePercentile');
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

  const routeOut = sim.prices.convert(inputMint, outputMint, amount);
  const feeAmount = (routeOut * BigInt(platformFeeBps)) / 10_000n;
  const outAmount = routeOut - feeAmount;
  if (outAmount <= 0n) throw new ApiError(400, 'Amount too small to swap');
  const threshold = (outAmount * BigInt(10_000 - slippageBps)) / 10_000n;

  const recipientMissing = outputMint !== NATIVE_MINT && destinationTokenAccount === undefined && sim.wallets.balance(taker, outputMint) === null;
  const setupInstructions = recipientMissing ? [createTokenAccount(payer, taker, outputMint)] : [];
  const cleanupInstruction = wrapAndUnwrapSol && (outputMint === NATIVE_MINT || inputMint === NATIVE_MINT) ? await closeTokenAccount(taker, NATIVE_MINT) : null;
  const microLamports =
    typeof percentile === 'number' ? BigInt(percentile) * 10n : PERCENTILE_MICROLAMPORTS[String(percentile ?? 'medium')] ?? 25_000n;
  const swapIx = swap({
    taker,
    ammKey: AMM_KEYS[0] as string,
    inputMint,
    outputMint,
    inAmount: amount,
    minOutAmount: threshold,
    slippageBps,
    ...(destinationTokenAccount ?? nativeDestinationAccount ? { receiver: (destinationTokenAccount ?? nativeDestinationAccount)! } : {}),
    ...(feeAccount && platformFeeBps > 0 ? { feeAccount } : {}),
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
      slippageBps,
      routePlan: [
        {
          swapInfo: { ammKey: AMM_KEYS[0], label, inputMint, outputMint, inAmount: amount.toString(), outAmount: routeOut.toString() },
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
        blockhash: [...sim.ledger.recentBlockhashBytes()],
        lastValidBlockHeight: height + expirySlots,
        fetchedAt: iso(sim.clock.now()),
      },
    },
  };
};
