// The operation map generated from the spec, re-exported for users' own helpers.
export type { Operations } from '../gen/operations.gen.js';
import type { Operations } from '../gen/operations.gen.js';

/** Every operationId of the spec. */
export type OperationId = keyof Operations;
