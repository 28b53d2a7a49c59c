// Child process of the benchmark: serves the simulator (from the build in dist/, with seed 1 and
// the createSimulator options in the JSON of BENCH_SIMULATOR_OPTIONS, e.g. '{"journal":0}'), the
// simulator without its head capture, or a bare node:http server answering a fixed JSON body
// (`bare`: with only content-type and content-length; `bare-same-head`: with the headers of the
// simulator's answer too, BENCH_HEADERS; `bare-empty-requests`: `bare` with node's
// optimizeEmptyRequests, as the simulator's server has it), on a free port of 127.0.0.1. Talks to the parent over
// IPC: sends { type: 'ready', port }, answers { type: 'rss' } with its resident size (after a GC
// when started with --expose-gc) and { type: 'cpu' } with its CPU time so far (user + system, µs),
// and exits on { type: 'exit' }. BENCH_DIST=<a dist directory of another build of this package>
// serves that build's simulator instead of this one's (bench/run.ts's BENCH_BASE).
import http from 'node:http';
import { resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';

type Message = { type: 'rss' } | { type: 'cpu' } | { type: 'exit' };

const mode = process.argv[2];

async function startBare(sameHead = false, emptyRequests = false): Promise<{ port: number; close(): Promise<void> }> {
  const body = process.env.BENCH_BODY ?? '{}';
  const length = String(Buffer.byteLength(body));
  const extra = sameHead ? (JSON.parse(process.env.BENCH_HEADERS ?? '{}') as Record<string, string>) : {};
  // `emptyRequests`: node's optimizeEmptyRequests, which the simulator's server sets (a request
  // without a body gets a body stream that has already ended).
  const server = http.createServer({ optimizeEmptyRequests: emptyRequests } as http.ServerOptions, (req, res) => {
    req.resume();
    // A new header object per answer, as a server that computes its headers makes.
    res.writeHead(
      200,
      sameHead ? { ...extra, 'content-length': length } : { 'content-type': 'application/json', 'content-length': length },
    );
    res.end(body);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The build served: this package's dist/, or BENCH_DIST's. */
const dist = process.env.BENCH_DIST
  ? `${pathToFileURL(resolvePath(process.env.BENCH_DIST)).href}/`
  : new URL('../dist/', import.meta.url).href;

async function startSimulator(): Promise<{ port: number; close(): Promise<void> }> {
  const { createSimulator } = (await import(new URL('index.js', dist).href)) as typeof import('../src/index.ts');
  const { listen } = (await import(new URL('node/index.js', dist).href)) as typeof import('../src/node/index.ts');
  const options = { seed: 1, ...(JSON.parse(process.env.BENCH_SIMULATOR_OPTIONS ?? '{}') as object) };
  const listening = await listen(createSimulator(options), { port: 0, host: '127.0.0.1' });
  return { port: listening.port, close: () => listening.close() };
}

/** The simulator's server without its head capture (errors before a request exists then lose the area's shape): what the capture costs. */
async function startSimulatorWithoutHeadCapture(): Promise<{ port: number; close(): Promise<void> }> {
  const { createSimulator } = (await import(new URL('../dist/index.js', import.meta.url).href)) as typeof import('../src/index.ts');
  const { simHandlerOf } = (await import(
    new URL('../dist/simulator/native-handler.js', import.meta.url).href
  )) as typeof import('../src/simulator/native-handler.ts');
  const { createNodeServer, DEFAULT_LIMITS } = (await import(
    new URL('../dist/server/node-server.js', import.meta.url).href
  )) as typeof import('../src/server/node-server.ts');
  const server = createNodeServer(simHandlerOf(createSimulator({ seed: 1 })), DEFAULT_LIMITS, { headCapture: false });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const servers: Record<string, () => Promise<{ port: number; close(): Promise<void> }>> = {
  bare: () => startBare(),
  'bare-same-head': () => startBare(true),
  'bare-empty-requests': () => startBare(false, true),
  simulator: startSimulator,
  'simulator-without-head-capture': startSimulatorWithoutHeadCapture,
};
const server = await servers[mode ?? '']?.();
if (!server) {
  console.error(`usage: node bench/serve.ts ${Object.keys(servers).join('|')}`);
  process.exit(2);
}

const gc = (globalThis as { gc?: () => void }).gc;
process.on('message', async (message: Message) => {
  if (message.type === 'rss') {
    gc?.();
    gc?.();
    process.send?.({ type: 'rss', rss: process.memoryUsage().rss });
  } else if (message.type === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send?.({ type: 'cpu', micros: user + system, user, system });
  } else if (message.type === 'exit') {
    await server.close();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
process.send?.({ type: 'ready', port: server.port });
