// Copied to src/gen/client/ by @hey-api/openapi-ts (the client plugin in openapi-ts.config.ts):
// the generated sdk imports its client types and factory from here. Do not edit the copy.
// The paths below resolve to src/lib/ from both places (both are two levels below src/).
import type { ClientOptions, Config } from '../../lib/types.js';

// The generated sdk names the transport `Client`.
export type { Transport as Client } from '../../lib/types.js';
export type {
  Auth,
  ClientMeta,
  ClientOptions,
  Config,
  Options,
  RequestOptions,
  RequestResult,
  TDataShape,
} from '../../lib/types.js';
export { createUnconfiguredTransport as createClient } from '../../lib/transport.js';

/** Returns the default client's configuration as given. */
export const createConfig = <T extends ClientOptions = ClientOptions>(override?: Config<ClientOptions & T>) => override ?? {};
