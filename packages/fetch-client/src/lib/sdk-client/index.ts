// Copied to src/gen/client/ by @hey-api/openapi-ts (the client plugin in openapi-ts.config.ts):
// the generated sdk imports its client types from here (it has no default client: every function
// requires its `client`). Do not edit the copy.
// The paths below resolve to src/lib/ from both places (both are two levels below src/).

// The generated sdk names the transport `Client`.
export type { Transport as Client } from '../../lib/types.js';
export type {
  Auth,
  ClientMeta,
  Options,
  RequestOptions,
  RequestResult,
  TDataShape,
} from '../../lib/types.js';
