// One run of a flow hook at a time: a second `mutate` while the hook's run is pending (a double
// click, React StrictMode's second run of the effect that started it) joins that run instead of
// ordering, signing and sending a second transaction. Once the run has ended, `mutate` starts a new one.
import type { MutateOptions, UseMutationResult } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

export function useOneAtATime<TData, TVariables>(
  result: UseMutationResult<TData, Error, TVariables>,
): UseMutationResult<TData, Error, TVariables> {
  const running = useRef<Promise<TData> | undefined>(undefined);
  const { mutateAsync: start } = result;
  const mutateAsync = useCallback(
    (variables: TVariables, options?: MutateOptions<TData, Error, TVariables>) => {
      if (running.current !== undefined) return running.current;
      const run = start(variables, options);
      running.current = run;
      const done = () => {
        if (running.current === run) running.current = undefined;
      };
      run.then(done, done);
      return run;
    },
    [start],
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
