// The mutation of a flow hook (`useSwap`, `useCreatePriceOrder`): the flow run with the connected
// wallet, never retried by TanStack Query (a new run signs a new transaction while the first may
// still land), one run at a time: a second `mutate` while the hook's run is pending (a double click,
// React StrictMode's second run of the effect that started it) joins that run instead of ordering,
// signing and sending a second transaction; with other variables (another amount) it is refused,
// never answered with the running one's outcome. Once the run has ended, `mutate` starts a new one.
// Its success marks the reads the flow changed stale (`invalidates`), without waiting for them.
import { type MutateOptions, type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignerInput } from '@x/signing';
import { useCallback, useRef } from 'react';
import { hashXKey, xKeys } from './keys.js';
import type { OperationId } from './types.js';

export function useFlowMutation<TData, TVariables>(
  hook: string,
  operation: OperationId,
  invalidates: readonly OperationId[],
  signer: SignerInput | undefined,
  run: (signer: SignerInput, variables: TVariables) => Promise<TData>,
): UseMutationResult<TData, Error, TVariables> {
  const queryClient = useQueryClient();
  return useOneAtATime(
    hook,
    useMutation<TData, Error, TVariables>({
      mutationKey: [...xKeys.operation(operation), 'flow'],
      retry: false,
      mutationFn: async (variables) => {
        if (signer === undefined) throw new Error(`${hook}: connect a wallet first (no signer)`);
        return await run(signer, variables);
      },
      // Not awaited: the outcome (funds moved, an order placed) shows at once, not after the reads
      // it marked stale have been asked again (a slow quote service would hold it back).
      onSuccess: () => {
        for (const id of invalidates) void queryClient.invalidateQueries({ queryKey: xKeys.operation(id) });
      },
    }),
  );
}

function useOneAtATime<TData, TVariables>(
  hook: string,
  result: UseMutationResult<TData, Error, TVariables>,
): UseMutationResult<TData, Error, TVariables> {
  /** The run in progress and the hash of its variables. */
  const running = useRef<{ run: Promise<TData>; key: string } | undefined>(undefined);
  const { mutateAsync: start } = result;
  const mutateAsync = useCallback(
    (variables: TVariables, options?: MutateOptions<TData, Error, TVariables>) => {
      const key = hashXKey([variables]);
      const current = running.current;
      if (current?.key === key) return current.run;
      if (current !== undefined)
        return Promise.reject(
          new Error(`${hook}: a run for other variables is in progress: nothing was sent for these; wait for it to end`),
        );
      const run = start(variables, options);
      running.current = { run, key };
      const done = () => {
        if (running.current?.run === run) running.current = undefined;
      };
      run.then(done, done);
      return run;
    },
    [hook, start],
  );
  const mutate = useCallback(
    (variables: TVariables, options?: MutateOptions<TData, Error, TVariables>) => {
      // The error is the mutation's `error`; `mutate` never rejects (as TanStack's own).
      mutateAsync(variables, options).catch(() => {});
    },
    [mutateAsync],
  );
  return { ...result, mutate, mutateAsync } as UseMutationResult<TData, Error, TVariables>;
}
