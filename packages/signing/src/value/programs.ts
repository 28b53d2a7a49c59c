/**
 * The chain's built-in programs whose instructions move value, by their protocol addresses (the
 * same on every cluster): the System program and the two token programs.
 */
export const SYSTEM_PROGRAM_ADDRESS = '11111111111111111111111111111111';
export const TOKEN_PROGRAM_ADDRESS = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
export const ASSOCIATED_TOKEN_PROGRAM_ADDRESS = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
/** The mint of wrapped native coin. */
export const NATIVE_MINT_ADDRESS = 'So11111111111111111111111111111111111111112';
