// Types for every schema and operation of the service, generated from spec/dist/openapi.json
// by @hey-api/openapi-ts (see openapi-ts.config.ts). Types only: this module emits no code.
export type * from './gen/types.gen.js';
// The one hand-written type: the bearer-token contract shared by @x/fetch-client and @x/signing.
export type { BearerTokenProvider } from './bearer.js';
