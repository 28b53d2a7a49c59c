// The type of a simulator handler, from its operation's types in @x/types: `Handler<'swapGetOrder'>`
// receives the path, query and body the validate stage has checked against the spec, typed, and
// returns one of the status/body pairs the spec documents for that operation. A spec change that
// breaks a handler is a compile error.
import type { OperationId, OperationTypes } from '../gen/operations.gen.js';
import type { SimContext } from './context.js';
import type { OperationInfo } from './operations.js';

export type { OperationId } from '../gen/operations.gen.js';

type Data<K extends OperationId> = OperationTypes[K]['data'];
/** A part of the request that may be absent (`path?: never`): an empty record then. */
type Part<T> = [Exclude<T, undefined>] extends [never] ? Record<string, never> : Exclude<T, undefined>;

/** The request of operation K after validation: parameters coerced to their schema types, the JSON body parsed. */
export interface HandlerInput<K extends OperationId> {
  readonly path: Part<Data<K>['path']>;
  readonly query: Part<Data<K>['query']>;
  /** The body (undefined when the operation takes none, or when an optional body was not sent). */
  readonly body: Data<K>['body'];
}

export interface HandlerContext<K extends OperationId> {
  sim: SimContext;
  op: OperationInfo;
  input: HandlerInput<K>;
  /** Wallet authenticated by the trigger v2 bearer token. */
  wallet?: string;
  apiKey: string;
}

type Headers = Readonly<Record<string, string>>;
/** `{ status, body }` for each status of a status → body map (`default` stands for any status). */
type Pairs<M> = { [S in keyof M]: { status: S extends number ? S : number; body: M[S]; headers?: Headers } }[keyof M];
type Responses<K extends OperationId> = OperationTypes[K]['responses'];

/** What a handler answers: one of the operation's documented responses (200 may leave out its status). */
export type HandlerResult<K extends OperationId> =
  | (200 extends keyof Responses<K> ? { status?: 200; body: Responses<K>[200]; headers?: Headers } : never)
  | Pairs<Responses<K>>
  | Pairs<OperationTypes[K]['errors']>;

export type Handler<K extends OperationId> = (ctx: HandlerContext<K>) => HandlerResult<K> | Promise<HandlerResult<K>>;

/** The handler of every operation, exactly: a missing or unknown operationId is a compile error. */
export type HandlerTable = { readonly [K in OperationId]: Handler<K> };
