/**
 * The builtin programs among this package's addresses that stay builtins (the System program, the
 * compute budget program, the vote program, the upgradeable loader): without a limit instruction,
 * each of their instructions gets BUILTIN_INSTRUCTION_COMPUTE_UNIT_LIMIT (`fees.ts`), the compute
 * budget program's own instructions included (the runtime counts them as builtin instructions). Builtins migrated to on-chain programs (the stake program among them) count as any
 * other program. A module of its own: `fees.ts` stays free of imports and of a value made at load,
 * so a bundle that takes only its constants gets them inlined (the signing worker's size budget).
 */
import {
  BPF_LOADER_UPGRADEABLE_PROGRAM_ADDRESS,
  COMPUTE_BUDGET_PROGRAM_ADDRESS,
  SYSTEM_PROGRAM_ADDRESS,
  VOTE_PROGRAM_ADDRESS,
} from './programs.js';

export const BUILTIN_PROGRAM_ADDRESSES: ReadonlySet<string> = new Set([
  SYSTEM_PROGRAM_ADDRESS,
  COMPUTE_BUDGET_PROGRAM_ADDRESS,
  VOTE_PROGRAM_ADDRESS,
  BPF_LOADER_UPGRADEABLE_PROGRAM_ADDRESS,
]);
