// Test support: a second simulator served on 127.0.0.1 that plays the live service (another seed,
// other prices), and remembers every request it receives (method, target, headers).
import { listen, type RunningServer } from '../../node/index.js';
import { createSimulator, type Simulator } from '../../simulator/index.js';

export interface Seen {
  method: string;
  path: string;
  apiKey: string | undefined;
  authorization: string | undefined;
}

export interface UpstreamSimulator {
  sim: Simulator;
  server: RunningServer;
  url: string;
  seen: Seen[];
  close(): Promise<void>;
}

export async function startUpstreamSimulator(seed = 2): Promise<UpstreamSimulator> {
  const sim = createSimulator({ seed, apiKeys: ['upstream-key'] });
  const seen: Seen[] = [];
  const server = await listen(sim, {
    port: 0,
    host: '127.0.0.1',
    onRequest: (r) =>
      seen.push({ method: r.method, path: r.path, apiKey: r.header('x-api-key'), authorization: r.header('authorization') }),
  });
  return { sim, server, url: server.url, seen, close: () => server.close() };
}
