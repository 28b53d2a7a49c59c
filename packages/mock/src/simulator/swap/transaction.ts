// The unsigned v0 transaction of a swap order: compute budget (setting exactly the priority fee the
// order states), the output token account when it is missing, the swap (or RFQ fill) and an optional bundle tip, with the right signer slots.
import { MICRO_LAMPORTS_PER_LAMPORT } from '@x/chain';
import { AMM_KEYS, RFQ_MAKER, SWAP_PROGRAM, TIP_RECEIVERS } from '../chain/addresses.js';
import {
  computeUnitLimit,
  computeUnitPrice,
  createTokenAccount,
  programCall,
  swap,
  systemTransfer,
  encodeU64,
  type PlainInstruction,
} from '../chain/instructions.js';
import { buildTransaction, type BuiltTransaction } from '../chain/transactions.js';
import { DEFAULT_PRIORITY_FEE_LAMPORTS, type FeePlan, type Quote, type QuoteRequest } from './quote.js';

export interface SwapTransactionInput {
  req: QuoteRequest & { taker: string };
  quote: Quote;
  fees: FeePlan;
  blockhash: string;
  lastValidBlockHeight: number;
  outputAccountMissing: boolean;
}

/**
 * The compute unit limit of a swap order's transaction: a million units, at which the price in
 * micro-lamports per unit is the priority fee in lamports, so that the limit times the price is
 * exactly the order's priority fee, whatever it is (over the largest limit, 1 400 000 units, a fee
 * that is not a multiple of 7 lamports would be rounded: the transaction would cost a lamport more
 * or less than the order states).
 */
export const SWAP_COMPUTE_UNIT_LIMIT = Number(MICRO_LAMPORTS_PER_LAMPORT);

export function buildSwapTransaction(input: SwapTransactionInput): BuiltTransaction {
  const { req, quote, fees } = input;
  const taker = req.taker;
  const recipient = req.receiver ?? taker;
  const priority = BigInt(req.priorityFeeLamports ?? DEFAULT_PRIORITY_FEE_LAMPORTS);
  const instructions: PlainInstruction[] = [
    computeUnitLimit(SWAP_COMPUTE_UNIT_LIMIT),
    computeUnitPrice((priority * MICRO_LAMPORTS_PER_LAMPORT) / BigInt(SWAP_COMPUTE_UNIT_LIMIT)),
  ];
  if (input.outputAccountMissing) instructions.push(createTokenAccount(fees.rentFeePayer, recipient, req.outputMint));
  if (quote.router === 'router_rfq') {
    instructions.push(
      programCall(
        SWAP_PROGRAM,
        'rfq_fill',
        [
          { pubkey: taker, isSigner: true, isWritable: true },
          { pubkey: RFQ_MAKER, isSigner: true, isWritable: true },
          { pubkey: req.inputMint, isSigner: false, isWritable: false },
          { pubkey: req.outputMint, isSigner: false, isWritable: false },
        ],
        new Uint8Array([...encodeU64(req.amount), ...encodeU64(quote.outAmount)]),
      ),
    );
  } else {
    instructions.push(
      swap({
        taker,
        ammKey: AMM_KEYS[quote.ammIndex] as string,
        inputMint: req.inputMint,
        outputMint: req.outputMint,
        inAmount: req.amount,
        minOutAmount: quote.otherAmountThreshold,
        slippageBps: quote.slippageBps,
        ...(req.receiver ? { receiver: req.receiver } : {}),
        ...(req.referralAccount ? { feeAccount: req.referralAccount, feeBps: req.referralFee ?? 0 } : {}),
      }),
    );
  }
  if (req.bundleTipLamports && req.bundleTipLamports > 0) {
    instructions.push(systemTransfer(fees.prioritizationFeePayer, TIP_RECEIVERS[0] as string, BigInt(req.bundleTipLamports)));
  }
  return buildTransaction({
    feePayer: fees.signatureFeePayer,
    instructions,
    blockhash: input.blockhash,
    lastValidBlockHeight: input.lastValidBlockHeight,
  });
}
