// The codes of POST /swap/v2/execute, read from the spec's `x-error-codes` table of
// SwapExecuteResponse.code (code, meaning, group, outcome) instead of literals: the simulator
// names a code by its group and meaning, and fails at load if the spec no longer lists it.
import { errorCodes, operation, type ErrorCode } from '@x/openapi/reader';
import { bundledSpec } from '../spec.js';

export type ExecuteCodeEntry = ErrorCode & { code: number; group: string; outcome: string };

/** The table of the `code` property of swap execute's 200 body, found through the operation. */
function readTable(): ExecuteCodeEntry[] {
  const response = operation('swapExecute', bundledSpec).responses['200'];
  const schemaRef = (response?.schema as { $ref?: string } | undefined)?.$ref ?? response?.pointer;
  if (!schemaRef) throw new Error('simulator: swapExecute documents no 200 JSON body');
  return errorCodes(`${schemaRef}/properties/code`, bundledSpec) as ExecuteCodeEntry[];
}

export const EXECUTE_CODES: readonly ExecuteCodeEntry[] = readTable();

/** The code of `meaning` in `group` (e.g. `executeCode('onchain', 'expired')` is -1005). */
export function executeCode(group: string, meaning: string): number {
  const entry = EXECUTE_CODES.find((e) => e.group === group && e.meaning === meaning);
  if (!entry) throw new Error(`simulator: x-error-codes of swap execute has no "${meaning}" in group ${group}`);
  return entry.code;
}

/** The codes the simulator answers, named. */
export const CODES = {
  success: executeCode('success', 'success'),
  orderNotFound: executeCode('execute', 'order not found in cache'),
  invalidTransaction: executeCode('execute', 'invalid signed transaction'),
  invalidMessage: executeCode('execute', 'invalid message bytes'),
  onchainFailedToLand: executeCode('onchain', 'failed to land'),
  onchainNotFullySigned: executeCode('onchain', 'not fully signed'),
  onchainExpired: executeCode('onchain', 'expired'),
  rfqFailedToLand: executeCode('rfq', 'failed to land'),
  rfqInvalidPayload: executeCode('rfq', 'invalid payload'),
  rfqQuoteExpired: executeCode('rfq', 'quote expired'),
  slippageExceeded: executeCode('program', 'slippage tolerance exceeded'),
} as const;
