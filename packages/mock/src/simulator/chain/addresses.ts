// Fixed addresses of the simulated service: the spec's example values (`world.addresses`, from
// x-example-values), plus neutral program ids derived from labels. No real wallet addresses; the
// only real program ids are the protocol constants a wallet must recognise (the system, token,
// associated-token and memo programs, from @x/chain, which @x/signing reads them from too).
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, LAMPORTS_PER_SIGNATURE, MEMO_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from '@x/chain';
import { world } from '../world.js';

const A = world.addresses;

export const SYSTEM_PROGRAM: string = A.systemProgram;
export const COMPUTE_BUDGET_PROGRAM: string = A.computeBudgetProgram;
export const SWAP_PROGRAM: string = A.swapProgram;
/** The chain's token program (a protocol constant from @x/chain; the spec's examples use a neutral stand-in). */
export const TOKEN_PROGRAM: string = TOKEN_PROGRAM_ADDRESS;
export const ASSOCIATED_TOKEN_PROGRAM: string = ASSOCIATED_TOKEN_PROGRAM_ADDRESS;
/** The chain's memo program (a protocol constant, like the system program): the real service's
 * transaction challenges hold a memo, and wallets and signers recognise this id. */
export const MEMO_PROGRAM: string = MEMO_PROGRAM_ADDRESS;
export const TRIGGER_V1_PROGRAM = '9m8YmGVdDnATS9V5J278Qp5wBsX1bjXHfMbFLeTjEj5i';
export const TRIGGER_V2_PROGRAM = 'HtsfckUbPAHTGhgJQV6esj1JNJunUVxngrFc5b74EyrE';
export const LEND_PROGRAM = '2igWZNZK6mz63DRsKGsEDukRobNtyNUF7aY5hM1tQN9t';

/** The service's gas wallet (automatic gasless sponsorship). */
export const GAS_WALLET: string = A.gasWallet;
/** The RFQ market maker quoting in the simulator. */
export const RFQ_MAKER: string = A.rfqMaker;
/** Addresses `/tx/v1/submit` accepts a tip to: the spec's tip receiver first, then three of the simulator's own. */
export const TIP_RECEIVERS: readonly string[] = [
  world.tipReceiver,
  '6LgabWJzw6ahiE116Nc5z8hJnHKaYn8rB6FvsWkmBDVB',
  'GQNTEGk54CXP86oFK56Jr93HHb8m1rTkogpdaJDvXpdw',
  '4QwLCQXNZwgaUxnTWhKxSTM6WXvZi9pfLXqLCQcPcQXe',
];
/** Wallet receiving express-verification payments. */
export const EXPRESS_RECEIVER: string = A.expressPaymentReceiver;
export const AMM_KEYS: readonly string[] = [A.ammKeyA, A.ammKeyB];
export const LEND_VAULT: string = A.lendVault;
export const MARKET_RESULT_ACCOUNT: string = A.marketResultAccount;
/** Minimum tip `/tx/v1/submit` accepts: 0.001 NATIVE_COIN. */
export const MIN_TIP_LAMPORTS = 1_000_000n;
/** Base fee per signature (the chain's, from @x/chain), as the answers' numbers state it. */
export const SIGNATURE_FEE_LAMPORTS = Number(LAMPORTS_PER_SIGNATURE);
