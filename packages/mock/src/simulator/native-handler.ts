// The request-record handler of each simulator, kept out of its public object: the node entry
// (`@x/mock/node`) looks it up here to serve node:http requests without building a WHATWG
// Request per call.
import type { SimHandler } from './types.js';

// A property under a symbol this module keeps to itself, not a WeakMap: a WeakMap entry per
// simulator costs its creation and every garbage collection (a test suite makes thousands).
const HANDLER = Symbol('x-mock simulator handler');

export function registerSimHandler(simulator: object, handler: SimHandler): void {
  (simulator as { [HANDLER]?: SimHandler })[HANDLER] = handler;
}

/** The handler of a simulator made by createSimulator(); throws for any other object. */
export function simHandlerOf(simulator: object): SimHandler {
  const handler = (simulator as { [HANDLER]?: SimHandler })[HANDLER];
  if (!handler) throw new TypeError('not a simulator made by createSimulator() of @x/mock');
  return handler;
}
