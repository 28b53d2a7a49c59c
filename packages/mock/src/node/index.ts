// @x/mock/node: serves a simulator over node:http. The simulator itself (`@x/mock`) uses only web
// APIs and runs in browsers; this entry is the only one that needs node's built-ins.
//   import { createSimulator } from '@x/mock';
//   import { listen } from '@x/mock/node';
//   const server = await listen(createSimulator(), { port: 0 });
import type { Simulator } from '../simulator/index.js';
import { simHandlerOf } from '../simulator/native-handler.js';
import type { SimHandler } from '../simulator/types.js';
import { startNodeServer, type ListenOptions as ServerOptions, type RunningServer } from '../server/node-server.js';

export type { RunningServer } from '../server/node-server.js';
export { readRecording, recordTo } from './recording.js';

/** What `listen` is told about each request, before the simulator answers it. */
export interface ObservedRequest {
  /** Upper-case method. */
  readonly method: string;
  /** Path without the query string. */
  readonly path: string;
  /** Header lookup, case-insensitive. */
  header(name: string): string | undefined;
}

export interface ListenOptions extends ServerOptions {
  /** Called with every request before the simulator answers it (logging, tests that count calls). */
  onRequest?: (request: ObservedRequest) => void;
}

/** Serves `simulator` over node:http on 127.0.0.1 (port 4010 unless `port` says otherwise; 0 picks a free one). */
export function listen(simulator: Simulator, options: ListenOptions = {}): Promise<RunningServer> {
  const { onRequest, ...serverOptions } = options;
  const handler = simHandlerOf(simulator);
  const observed: SimHandler = onRequest
    ? {
        handle(request) {
          onRequest({ method: request.method, path: request.path, header: request.header });
          return handler.handle(request);
        },
        reject: (request, status, message) => handler.reject(request, status, message),
      }
    : handler;
  return startNodeServer(observed, serverOptions);
}
export { openStore, StoreError, STORE_FILE, type OpenStoreOptions } from './store.js';
