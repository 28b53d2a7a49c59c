/** A mistake in how `x` was called (exit code 2). Its message never holds a secret's value. */
export class UsageError extends Error {
  override name = 'UsageError';
}
