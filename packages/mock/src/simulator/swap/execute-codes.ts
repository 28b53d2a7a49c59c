// The codes of POST /swap/v2/execute, read from the spec's `x-error-codes` table of
// SwapExecuteResponse.code (code, meaning, group, outcome) instead of literals: the simulator
// names a code by its group and meaning, and fails at load if the spec no longer lists it.
import { bundledSpec, deref, type JsonSchema } from '../spec.js';

export interface ExecuteCodeEntry {
  code: number;
  meaning: string;
  group: string;
  /** `success`, `pending`, `expired` or `failed`. */
  outcome: string;
}

function readTable(): ExecuteCodeEntry[] {
  const operation = Object.values(bundledSpec.paths)
    .flatMap((item) => Object.values(item as Record<string, unknown>))
    .find((op): op is { operationId: string; responses: Record<string, unknown> } => (op as { operationId?: unknown })?.operationId === 'swapExecute');
  const response = operation ? deref(bundledSpec, operation.responses['200'] as JsonSchema) : undefined;
  const schema = deref(bundledSpec, ((response?.content as Record<string, { schema?: JsonSchema }> | undefined)?.['application/json']?.schema ?? {}) as JsonSchema);
  const code = deref(bundledSpec, ((schema.properties as Record<string, JsonSchema> | undefined)?.code ?? {}) as JsonSchema);
  const table = code['x-error-codes'];
  if (!Array.isArray(table)) throw new Error('simulator: the spec has no x-error-codes on SwapExecuteResponse.code');
  return table as ExecuteCodeEntry[];
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
