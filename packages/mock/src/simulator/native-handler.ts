// The request-record handler of each simulator, kept out of its public object: the node entry
// (`@x/mock/node`) looks it up here to serve node:http requests without building a WHATWG
// Request per call.
import type { SimHandler } from './types.js';

const handlers = new WeakMap<object, SimHandler>();

export function registerSimHandler(simulator: object, handler: SimHandler): void {
  handlers.set(simulator, handler);
}

/** The handler of a simulator made by createSimulator(); throws for any other object. */
export function simHandlerOf(simulator: object): SimHandler {
  const handler = handlers.get(simulator);
  if (!handler) throw new TypeError('not a simulator made by createSimulator() of @x/mock');
  return handler;
}
