/**
 * Awaits a promise that must reject, checks the error's class (and code), and returns it typed.
 */
import { expect } from 'vitest';

type ErrorClass<E> = abstract new (...args: never[]) => E;

export async function rejection<E extends Error & { code?: string }>(
  promise: Promise<unknown>,
  type: ErrorClass<E>,
  code?: string,
): Promise<E> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(type);
  if (code !== undefined) expect((error as E).code).toBe(code);
  return error as E;
}
