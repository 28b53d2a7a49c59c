// MSW handlers generated from the spec, answering its named examples (browser-safe: no node: imports).
export { handlers, handler, type HandlerOverride, type HandlerOverrides, type HandlerOptions, type OperationResolver } from './handlers.js';
export { fixtureResponse } from './fixture-response.js';
