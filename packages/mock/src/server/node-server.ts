// The simulator over node:http. Requests go straight from node's IncomingMessage to the
// simulator's request record (no WHATWG Request on the hot path).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SimHandler, SimRequest, SimResponse } from '../simulator/types.js';

export interface ListenOptions {
  /** Port to listen on (default 4010; 0 picks a free one). */
  port?: number;
  /** Interface to bind (default 127.0.0.1). */
  host?: string;
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Largest request body accepted (bytes). */
export const MAX_BODY_BYTES = 1_048_576;

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Shared by requests without a query string (never mutated). */
const NO_QUERY = new URLSearchParams();

export function toSimRequest(req: IncomingMessage, bodyText: string): SimRequest {
  const raw = req.url ?? '/';
  const q = raw.indexOf('?');
  const path = q < 0 ? raw : raw.slice(0, q);
  const contentType = req.headers['content-type'];
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    path,
    query: q < 0 ? NO_QUERY : new URLSearchParams(raw.slice(q + 1)),
    header(name) {
      const value = req.headers[name.toLowerCase()];
      return Array.isArray(value) ? value[0] : value;
    },
    bodyText,
    ...(contentType ? { contentType } : {}),
  };
}

function send(res: ServerResponse, response: SimResponse, head: boolean): void {
  const text = response.raw ? String(response.body) : JSON.stringify(response.body);
  response.headers['content-length'] = String(Buffer.byteLength(text));
  res.writeHead(response.status, response.headers);
  res.end(head ? undefined : text);
}

export function createRequestListener(simulator: SimHandler) {
  const failed = (res: ServerResponse, error: unknown): void => {
    if (!res.headersSent) send(res, { status: 500, headers: { 'content-type': 'application/json; charset=utf-8' }, body: { error: 'Internal server error' } }, false);
    else res.destroy(error as Error);
  };
  const answer = (req: IncomingMessage, res: ServerResponse, bodyText: string): void => {
    const head = req.method === 'HEAD';
    const response = simulator.handle(toSimRequest(req, bodyText));
    if (response instanceof Promise) response.then((r) => send(res, r, head)).catch((error: unknown) => failed(res, error));
    else send(res, response, head);
  };
  return (req: IncomingMessage, res: ServerResponse): void => {
    try {
      const method = req.method ?? 'GET';
      if (method === 'GET' || method === 'HEAD') {
        answer(req, res, '');
        return;
      }
      readBody(req).then((bodyText) => {
        if (bodyText === undefined) {
          send(res, { status: 413, headers: { 'content-type': 'application/json; charset=utf-8' }, body: { error: 'Request body too large' } }, false);
        } else answer(req, res, bodyText);
      }).catch((error: unknown) => failed(res, error));
    } catch (error) {
      failed(res, error);
    }
  };
}

export function startNodeServer(simulator: SimHandler, options: ListenOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const listener = createRequestListener(simulator);
  const server = createServer(listener);
  server.keepAliveTimeout = 5_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4010, host, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      const shownHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
      resolve({
        url: `http://${shownHost}:${port}`,
        port,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((err) => (err ? fail(err) : done()));
            server.closeAllConnections();
          }),
      });
    });
  });
}
