// Keeps credentials out of TanStack Query's mutation state. TanStack stores the variables passed to
// `mutate` as `mutation.state.variables` (read by devtools, persisters and `useMutationState`)
// until the mutation is garbage-collected. For a write whose body carries a field the spec marks
// `x-sensitive` (a signed transaction, a challenge signature: `sensitiveOperations`), the options
// swap the variables' `body` for a copy in which those fields read `REDACTED`, and keep the real
// body where only this module reaches it (a WeakMap keyed by that copy) for the call and its retries.
//
// For a write whose answer carries one (auth verify's bearer token: `sensitiveAnswers`), the data
// the mutation keeps reads it through a getter that is not an own property, so serialising the
// state (a persister's JSON, devtools' listing, `{ ...data }`) never includes it.
import { sensitiveAnswers, sensitiveOperations } from './gen/operations.gen.js';
import type { WriteId } from './types.js';

/** What a sensitive field of the variables reads once the options have taken it. */
export const REDACTED = '[redacted]';

type Body = Record<string, unknown>;
type Variables = { body?: unknown } & Record<string, unknown>;

/** Redacted body copy → the caller's body, until the call succeeds. */
const held = new WeakMap<Body, Body>();

/** The fields of `id`'s body that are kept out of the mutation state (none for most writes). */
export function sensitiveFieldsOf(id: WriteId): readonly string[] {
  return (sensitiveOperations as Readonly<Record<string, readonly string[]>>)[id] ?? [];
}

/** The fields of `id`'s answer that the mutation's data shows only on request (none for most writes). */
export function sensitiveAnswerFieldsOf(id: WriteId): readonly string[] {
  return (sensitiveAnswers as Readonly<Record<string, readonly string[]>>)[id] ?? [];
}

/**
 * The answer as the mutation keeps it: the same fields, but each of `fields` read through a getter
 * of the object's prototype instead of an own property. `data.token` and `const { token } = data`
 * work; `JSON.stringify(data)`, `Object.keys(data)`, `{ ...data }` and what a persister or devtools
 * write of the mutation state do not include it. Answers without these fields are returned as they are.
 */
export function hideAnswerFields<T>(data: T, fields: readonly string[]): T {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return data;
  const own = data as Record<string, unknown>;
  const present = fields.filter((field) => Object.hasOwn(own, field));
  if (present.length === 0) return data;
  const getters: PropertyDescriptorMap = {};
  for (const field of present) {
    const value = own[field];
    getters[field] = { get: () => value, enumerable: false };
  }
  const shown: Record<string, unknown> = Object.create(Object.create(Object.prototype, getters));
  for (const [key, value] of Object.entries(own)) if (!present.includes(key)) shown[key] = value;
  return shown as T;
}

const isBody = (value: unknown): value is Body => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Replaces `variables.body` by a copy whose `fields` read `REDACTED` (the caller's body object is not
 * changed), and holds the real body for `callVariables`. Does nothing when the body has none of the
 * fields, or is already such a copy. Variables that cannot be changed (frozen, as an immutable store
 * gives them) are refused before anything is sent: TanStack Query keeps that very object, so the
 * credential would stay in its state. `operation` names the write in the message.
 */
export function redactVariables(variables: unknown, fields: readonly string[], operation: string): void {
  if (typeof variables !== 'object' || variables === null) return;
  const body = (variables as Variables).body;
  if (!isBody(body) || held.has(body) || !fields.some((field) => body[field] !== undefined && body[field] !== REDACTED)) return;
  const copy: Body = { ...body };
  for (const field of fields) if (copy[field] !== undefined) copy[field] = REDACTED;
  if (!Reflect.set(variables, 'body', copy))
    throw new TypeError(
      `${operation}: the variables are frozen (an immutable store?), so their ${fields.join(', ')} would stay in the mutation state devtools and persisters read; nothing was sent: give an object that is not frozen ({ ...variables })`,
    );
  held.set(copy, body);
}

/**
 * A copy of `variables` to pass to `mutate`, whose body is already the redacted copy
 * `redactVariables` makes (the real body held for the call). TanStack Query gives the variables as
 * passed to `mutate` to the MutationCache's own `onMutate` and to the cache's subscribers before any
 * option of the mutation runs: sealed ones never show the credential there either.
 */
export function sealVariables<V>(variables: V, fields: readonly string[], operation: string): V {
  if (typeof variables !== 'object' || variables === null) return variables;
  const copy = { ...variables };
  redactVariables(copy, fields, operation);
  return copy;
}

/**
 * The variables to send: the real body when `variables.body` is a redacted copy made here. Throws
 * (sending nothing) when a sensitive field reads `REDACTED` and its value is not held any more: the
 * mutation was restored from a persisted cache, or repeated after it succeeded.
 */
export function callVariables<V>(variables: V, fields: readonly string[]): V {
  if (typeof variables !== 'object' || variables === null) return variables;
  const body = (variables as Variables).body;
  if (!isBody(body)) return variables;
  const real = held.get(body);
  if (real !== undefined) return { ...variables, body: real };
  const lost = fields.find((field) => body[field] === REDACTED);
  if (lost !== undefined) {
    throw new Error(
      `the ${lost} of this call is not kept (a restored or repeated mutation): it is never stored with the mutation; sign again and call with the new one`,
    );
  }
  return variables;
}

/** Drops the real body held for `variables` (after a successful call: nothing will send it again). */
export function releaseVariables(variables: unknown): void {
  const body = typeof variables === 'object' && variables !== null ? (variables as Variables).body : undefined;
  if (isBody(body)) held.delete(body);
}

/** A copy of `value` without `key` (a flow's signed transaction, before the result becomes a mutation's `data`). */
export function without<T extends object, K extends keyof T>(value: T, key: K): Omit<T, K> {
  const copy = { ...value };
  delete copy[key];
  return copy;
}
