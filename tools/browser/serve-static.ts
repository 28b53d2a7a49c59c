// Serves a few in-memory files (and optionally an API handler) on 127.0.0.1, an ephemeral port,
// for the browser tests of every package.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ServedFile {
  readonly body: string | Uint8Array;
  readonly type: string;
}

export interface StaticServer {
  /** `http://127.0.0.1:<port>/` */
  readonly url: string;
  close(): Promise<void>;
}

/** Answers requests no file matches (e.g. a test API on the page's own origin); 404 when absent. */
export type FallbackHandler = (req: IncomingMessage, res: ServerResponse) => void;

export async function serveFiles(files: Readonly<Record<string, ServedFile>>, fallback?: FallbackHandler): Promise<StaticServer> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const file = files[path];
    if (file && (req.method === 'GET' || req.method === 'HEAD')) {
      res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body);
    } else if (fallback) {
      fallback(req, res);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Serves one built HTML file at `/` and `/index.html`. */
export async function serveFile(file: string): Promise<StaticServer> {
  const html: ServedFile = { body: readFileSync(file), type: 'text/html; charset=utf-8' };
  return await serveFiles({ '/': html, '/index.html': html });
}
