// Fixed addresses of the simulated service (the example values of spec/README.md, plus neutral
// program ids derived from labels). No real wallet addresses; the only real program ids are the
// protocol constants a wallet must recognise (the system, token, associated-token and memo
// programs: @x/signing reads transfers of the system and token programs before it signs).

export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
export const COMPUTE_BUDGET_PROGRAM = 'APUNREagSsqd1SzccdBxGUewT1RExBfMwt16nSkb5VzK';
export const SWAP_PROGRAM = 'BPc48XgfKM3ZvPfRfPEWkbVQcHhj86YNcMuMVYC7Su2U';
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
/** The chain's memo program (a protocol constant, like the system program): the real service's
 * transaction challenges hold a memo, and wallets and signers recognise this id. */
export const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
export const TRIGGER_V1_PROGRAM = '9m8YmGVdDnATS9V5J278Qp5wBsX1bjXHfMbFLeTjEj5i';
export const TRIGGER_V2_PROGRAM = 'HtsfckUbPAHTGhgJQV6esj1JNJunUVxngrFc5b74EyrE';
export const LEND_PROGRAM = '2igWZNZK6mz63DRsKGsEDukRobNtyNUF7aY5hM1tQN9t';

/** The service's gas wallet (automatic gasless sponsorship). */
export const GAS_WALLET = '7MGc4ffUnmHbkrqsEo7hAUa9VdrbiBmD936cSA5vSCbt';
/** The RFQ market maker quoting in the simulator. */
export const RFQ_MAKER = 'CpdvCgBJGdrQz63TZRycAghTTmA9voktNSrgLMzbXxGc';
/** Addresses `/tx/v1/submit` accepts a tip to. */
export const TIP_RECEIVERS: readonly string[] = [
  'BKAHcT3gcL7MfeBgXdbR9YXqkCBy5gu38GR8aXbDs7S1',
  '6LgabWJzw6ahiE116Nc5z8hJnHKaYn8rB6FvsWkmBDVB',
  'GQNTEGk54CXP86oFK56Jr93HHb8m1rTkogpdaJDvXpdw',
  '4QwLCQXNZwgaUxnTWhKxSTM6WXvZi9pfLXqLCQcPcQXe',
];
/** Wallet receiving express-verification payments. */
export const EXPRESS_RECEIVER = '8D441sSCeK84mSivdv8euGuB8h6ek1k2TgAqjCi8HCJr';
export const AMM_KEYS: readonly string[] = [
  'HdJV8FSBvezrKDtnWGpnRq91eThZEmgTJCAwd8G1mFEz',
  'FyZyNxv2v8MgipyLnGrubGzvw2h4Puqyo8X7W1aJmyWk',
];
export const LEND_VAULT = '2igWZNZK6mz63DRsKGsEDukRobNtyNUF7aY5hM1tQN9t';
export const MARKET_RESULT_ACCOUNT = '7cEBsdNcoLFTxEgniaWziQ36VWpQGNy1b2kL9xnZoBQC';
/** Minimum tip `/tx/v1/submit` accepts: 0.001 NATIVE_COIN. */
export const MIN_TIP_LAMPORTS = 1_000_000n;
/** Base fee per signature. */
export const SIGNATURE_FEE_LAMPORTS = 5000;
