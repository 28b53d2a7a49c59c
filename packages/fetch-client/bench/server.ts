// The benchmark's local server: a keep-alive node:http server answering GET /swap/v2/order with
// the spec's own example body, so every client parses the same bytes.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function startBenchServer(body: unknown): Promise<{ url: string; close(): Promise<void> }> {
  const payload = Buffer.from(JSON.stringify(body));
  const server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': payload.length,
      'x-ratelimit-remaining': '59',
      'x-ratelimit-current': '1',
      'x-ratelimit-reset': '1763686800',
    });
    res.end(payload);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
