// What a signed transaction landed through /tx/v1/submit changes: its instructions, applied in
// order, all or none (as on a chain, a transaction whose instruction fails changes nothing). The
// simulator applies the instructions its chain model knows the effect of:
//   - system transfers (the tip included): lamports from a signer to any address;
//   - the lend program's operate (lend/operate.ts): the position and the signer's balances;
//   - the swap instruction of /swap/v2/build (or of an order): the input leaves the taker, the
//     output at the current price goes to the taker or the destination it names, less the fee its
//     fee account collects (the program's slippage check: its execute code of the spec's table
//     below the instruction's minimum);
//   - token transfers, the creation of an associated token account and the close of the wrapped
//     native account (tx/token-program.ts);
//   - compute budget and memo instructions: no move.
// An RFQ fill is refused, naming /swap/v2/execute, where its maker signs it and fills the quote it
// gave. Any other instruction (the trigger, express and other programs' instructions, which land
// through their own endpoints) is refused with 400 {error} naming it, and nothing lands. The fee payer pays the network fee (chain/fees.ts) first:
// one who cannot is refused the same way.
import { ASSOCIATED_TOKEN_PROGRAM, LEND_PROGRAM, MEMO_PROGRAM, SWAP_PROGRAM, SYSTEM_PROGRAM, TOKEN_PROGRAM } from '../chain/addresses.js';
import { computeBudgetRefusal, isComputeBudget, payableNetworkFee } from '../chain/fees.js';
import { isSystemTransfer, label, type Move, RFQ_FILL, startsWith, SWAP_DISCRIMINATOR, u64 } from '../chain/moves.js';
import type { DecodedInstruction, DecodedTransaction } from '../chain/transactions.js';
import type { SimContext } from '../context.js';
import { ApiError } from '../errors.js';
import { credit, debit, refused, setBalance, type Undo } from './balance-moves.js';
import { applyTokenAccountCreation, applyTokenInstruction, type InstructionLanding, walletOfAccount } from './token-program.js';
import { feeOf } from '../swap/bps.js';
import { applyOperate, checkOperate, decodeOperate, OPERATE_LABEL } from '../lend/operate.js';
import { CODES } from '../swap/execute-codes.js';
import { NATIVE_MINT, tokenByMint } from '../tokens.js';
import { CHALLENGE_PREFIX } from '../trigger-v2/auth.js';

const LEND_OPERATE = label(OPERATE_LABEL);
const CHALLENGE_BYTES = Array.from(new TextEncoder().encode(CHALLENGE_PREFIX));
/** What /tx/v1/submit applies, in words (its refusals name them). */
export const APPLIED_KINDS =
  'system transfers, token transfers between associated token accounts, lend operate, swaps of /swap/v2/build, compute budget, memo, token account creation, the close of the wrapped native account';

function applyInstruction(
  sim: SimContext,
  undo: Undo,
  signers: ReadonlySet<string>,
  staticAccounts: readonly string[],
  ix: DecodedInstruction,
  index: number,
  made: Move[],
): void {
  const { programId, accounts, data } = ix;
  const [a0, a1, a2, a3] = accounts;
  const signerOf = (account: string | undefined, role: string): string => {
    if (account === undefined || !signers.has(account))
      throw refused(index, `the ${role} ${account ?? '(none)'} did not sign the transaction`);
    return account;
  };
  const landing = (): InstructionLanding => ({ sim, undo, index, staticAccounts, signerOf, made });
  if (isComputeBudget(ix)) return;
  if (programId === MEMO_PROGRAM) {
    // A signed sign-in challenge proves a wallet to the service; landed, its signature (a
    // credential) would be listed with the chain's transactions.
    if (startsWith(data, CHALLENGE_BYTES)) throw refused(index, 'a signed sign-in challenge is not a transaction to land');
    return;
  }
  if (programId === SYSTEM_PROGRAM && isSystemTransfer(data) && a1) {
    const from = signerOf(a0, 'sender');
    const lamports = u64(data, 4)!;
    debit(sim, undo, index, from, NATIVE_MINT, lamports);
    credit(sim, undo, a1, NATIVE_MINT, lamports);
    return;
  }
  if (programId === ASSOCIATED_TOKEN_PROGRAM && applyTokenAccountCreation(landing(), ix)) return;
  if (programId === TOKEN_PROGRAM && applyTokenInstruction(landing(), ix)) return;
  // The swap of /swap/v2/build or of an order: taker, market, input mint, output mint, then the
  // output's destination (when not the taker) and a fee account; its data the amounts, the slippage
  // and, with a fee account, the fee in thousandths of a basis point of the output.
  const swapShape =
    ((accounts.length === 4 || accounts.length === 5) && data.length === 26) || (accounts.length === 6 && data.length === 30);
  if (programId === SWAP_PROGRAM && startsWith(data, SWAP_DISCRIMINATOR) && swapShape && a1 && a2 && a3) {
    const taker = signerOf(a0, 'taker');
    const inAmount = u64(data, 8)!;
    const minOut = u64(data, 16)!;
    if (!tokenByMint(a2) || !tokenByMint(a3) || a2 === a3) throw refused(index, 'a swap of a token the simulator does not list');
    const out = sim.prices.convert(a2, a3, inAmount);
    const fee = accounts.length === 6 ? feeOf(out, new DataView(data.buffer, data.byteOffset + 26, 4).getUint32(0, true) / 1000) : 0n;
    if (fee > out) throw refused(index, `a swap fee of ${fee} above its output of ${out}`);
    if (out - fee < minOut)
      throw refused(
        index,
        `custom program error ${CODES.slippageExceeded}: slippage tolerance exceeded (${out - fee} at the current price, minimum ${minOut})`,
      );
    debit(sim, undo, index, taker, a2, inAmount);
    credit(sim, undo, accounts[4] ? walletOfAccount(landing(), accounts[4], a3) : taker, a3, out - fee);
    if (fee > 0n) credit(sim, undo, walletOfAccount(landing(), accounts[5]!, a3), a3, fee);
    return;
  }
  // An RFQ fill fills a quote the maker gave: it lands where the maker signs it, /swap/v2/execute,
  // which checks the quote (its amounts, its expiry); here no quote stands behind it.
  if (programId === SWAP_PROGRAM && startsWith(data, RFQ_FILL))
    throw refused(index, 'an RFQ fill lands only through /swap/v2/execute, where the maker fills the quote it gave (until its expireAt)');
  if (programId === LEND_PROGRAM && startsWith(data, LEND_OPERATE)) {
    let op: ReturnType<typeof decodeOperate>;
    let after: ReturnType<typeof checkOperate>;
    try {
      op = decodeOperate(accounts, data.subarray(8));
      signerOf(op.signer, 'lend signer');
      after = checkOperate(sim, op);
    } catch (error) {
      if (error instanceof ApiError && !error.message.startsWith('Instruction ')) throw refused(index, error.message);
      throw error;
    }
    const before = sim.lend.positions.get(after.nftId);
    const nextBefore = sim.lend.nextNftId;
    const { collateralMint, debtMint } = op.vault;
    const balances = [collateralMint, debtMint].map((mint) => [mint, sim.wallets.balance(op.signer, mint)] as const);
    undo.push(() => {
      sim.lend.nextNftId = nextBefore;
      if (before) sim.lend.add(before);
      else sim.lend.positions.delete(after.nftId);
      for (const [mint, amount] of balances) sim.wallets.set(op.signer, mint, amount);
    });
    applyOperate(sim, op, after);
    return;
  }
  throw refused(index, `the simulator cannot apply this instruction of program ${programId ?? '(none)'} (it applies ${APPLIED_KINDS})`);
}

/**
 * Applies every instruction of `tx` (whose signatures were checked), in order; when one cannot
 * apply, puts back what the earlier ones changed and throws its 400. Synchronous: call it after the
 * last await, right before the ledger records the landing. Answers what it moved that no
 * instruction states (the rent of the token accounts it opened), which the ledger keeps with it.
 */
export function applyTransaction(sim: SimContext, tx: DecodedTransaction): Move[] {
  const signers = new Set(tx.signatures.filter((s) => s.signature !== null).map((s) => s.signer));
  const undo: Undo = [];
  const made: Move[] = [];
  // A compute budget the chain refuses: the transaction is refused before any fee.
  const budget = computeBudgetRefusal(tx);
  if (budget) throw refused(budget.index, budget.message);
  try {
    // The network fee first, as the runtime takes it before the instructions run.
    const fee = payableNetworkFee(sim.wallets, tx);
    setBalance(sim, undo, fee.payer, NATIVE_MINT, sim.wallets.balance(fee.payer, NATIVE_MINT)! - fee.lamports);
    for (const [index, ix] of tx.instructions.entries()) applyInstruction(sim, undo, signers, tx.staticAccounts, ix, index, made);
  } catch (error) {
    for (let i = undo.length - 1; i >= 0; i--) undo[i]!();
    throw error;
  }
  return made;
}
