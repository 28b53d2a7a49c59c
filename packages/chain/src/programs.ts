/**
 * The chain's protocol addresses, the same on every cluster: the built-in programs whose
 * instructions move value, set the fee or carry a memo, and the mint of wrapped native coin. These are not
 * stand-ins: wallets, signers and the service's transactions use exactly these ids.
 */
export const SYSTEM_PROGRAM_ADDRESS = '11111111111111111111111111111111';
export const TOKEN_PROGRAM_ADDRESS = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
/** The compute budget program: its instructions set the compute unit limit and price (the priority fee the fee payer pays). */
export const COMPUTE_BUDGET_PROGRAM_ADDRESS = 'ComputeBudget111111111111111111111111111111';
export const ASSOCIATED_TOKEN_PROGRAM_ADDRESS = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
/** The memo program (version 2), the one transactions write memos with today. */
export const MEMO_PROGRAM_ADDRESS = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
/** The first memo program, still accepted by the chain. */
export const MEMO_V1_PROGRAM_ADDRESS = 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo';
/** The stake program: its instructions withdraw stake and hand stake accounts to new authorities. */
export const STAKE_PROGRAM_ADDRESS = 'Stake11111111111111111111111111111111111111';
/** The vote program: its instructions withdraw from vote accounts and change their authorities. */
export const VOTE_PROGRAM_ADDRESS = 'Vote111111111111111111111111111111111111111';
/** The upgradeable program loader: its instructions upgrade, close and hand over deployed programs. */
export const BPF_LOADER_UPGRADEABLE_PROGRAM_ADDRESS = 'BPFLoaderUpgradeab1e11111111111111111111111';
/** The mint of wrapped native coin; native coin itself moves by System transfers. */
export const NATIVE_MINT_ADDRESS = 'So11111111111111111111111111111111111111112';
