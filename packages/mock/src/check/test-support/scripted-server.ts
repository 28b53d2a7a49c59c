// Test support: a node:http server on 127.0.0.1 that answers from a script and records every
// request it receives (method, URL, headers).
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A URL no server answers: port 4, a privileged port no service is assigned (and not one of the
 * ports fetch refuses to call, as it does 9). A port a closed test server had may be taken by another
 * process before the check connects to it.
 */
export const REFUSING_URL = 'http://127.0.0.1:4';

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface ScriptedServer {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

export type Handler = (request: Received, response: ServerResponse, index: number) => void | Promise<void>;

export async function startScriptedServer(handler: Handler): Promise<ScriptedServer> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers };
    received.push(request);
    req.resume();
    Promise.resolve(handler(request, res, received.length - 1)).catch((error: unknown) => {
      res.statusCode = 599;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Writes a JSON answer. */
export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
