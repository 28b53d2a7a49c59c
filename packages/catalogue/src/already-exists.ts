// A repeat of an operation the spec marks `x-already-exists` (vault register: a wallet has one
// vault) creates nothing: the service answers `status` with what the first call made. Both bins
// take that answer as the outcome, as a first call's, instead of as a failure: a retry after a
// lost answer (the client repeats a GET) ends as the first call would have.
import { ApiError } from '@x/fetch-client';
import type { CatalogueOperation } from './catalogue-types.js';

/** An answer as both bins print it. */
export interface ExistingAnswer {
  data: unknown;
  status: number;
  headers: Headers;
}

/**
 * What exists already, when `error` is the answer `op`'s `x-already-exists` names: the record that
 * answer's body holds (`details`), else the answer of `read(operationId)`, the read the mark names.
 * `undefined` for any other error (the caller reports it as before). `how` says where it came from.
 */
export async function existingAfter(
  op: Pick<CatalogueOperation, 'alreadyExists'>,
  error: unknown,
  read: (operationId: string) => Promise<ExistingAnswer>,
): Promise<{ answer: ExistingAnswer; how: string } | undefined> {
  const mark = op.alreadyExists;
  if (!mark || !(error instanceof ApiError) || error.status !== mark.status) return undefined;
  const record = (error.body as Record<string, unknown> | undefined)?.[mark.record];
  const seen = `it exists already (HTTP ${error.status}: ${error.serverMessage}): nothing new was made`;
  if (typeof record === 'object' && record !== null)
    return {
      answer: { data: record, status: error.status, headers: error.headers },
      how: `${seen}; this is the one that exists (the answer's ${mark.record}).`,
    };
  return { answer: await read(mark.read), how: `${seen}; this is the one that exists (read with ${mark.read}).` };
}
