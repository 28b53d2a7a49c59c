export { decodeAddress, decodeBase58, encodeBase58 } from './base58.js';
export { isOnCurve } from './curve.js';
export { associatedTokenAddress, findProgramDerivedAddress, type ProgramDerivedAddress } from './program-derived-address.js';
export { sha256 } from './sha256.js';
export { BUILTIN_PROGRAM_ADDRESSES } from './builtin-programs.js';
export {
  BUILTIN_INSTRUCTION_COMPUTE_UNIT_LIMIT,
  type ComputeBudget,
  DEFAULT_INSTRUCTION_COMPUTE_UNIT_LIMIT,
  effectiveComputeUnitLimit,
  LAMPORTS_PER_SIGNATURE,
  MAX_COMPUTE_UNIT_LIMIT,
  MICRO_LAMPORTS_PER_LAMPORT,
  priorityFeeLamports,
  transactionFeeLamports,
} from './fees.js';
export {
  ACCOUNT_STORAGE_OVERHEAD,
  RENT_EXEMPT_LAMPORTS_PER_BYTE,
  rentExemptMinimum,
  TOKEN_ACCOUNT_RENT_EXEMPT_LAMPORTS,
  TOKEN_ACCOUNT_SIZE,
} from './rent.js';
export {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  BPF_LOADER_UPGRADEABLE_PROGRAM_ADDRESS,
  COMPUTE_BUDGET_PROGRAM_ADDRESS,
  MEMO_PROGRAM_ADDRESS,
  MEMO_V1_PROGRAM_ADDRESS,
  NATIVE_MINT_ADDRESS,
  STAKE_PROGRAM_ADDRESS,
  SYSTEM_PROGRAM_ADDRESS,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  VOTE_PROGRAM_ADDRESS,
} from './programs.js';
