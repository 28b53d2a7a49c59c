// The simulator over node:http. Requests go straight from node's IncomingMessage to the
// simulator's request record (no WHATWG Request on the hot path). The server protects itself from
// hostile clients: bodies and heads are limited in size while they are read, slow heads, bodies
// and idle connections time out, and every error it can still answer (413, 431, 408, 400) comes in
// the error shape of the path's area, made by the simulator's respond stage.
import { isLoopback } from '../simulator/explore/control-origin.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { SimHandler, SimRequest, SimResponse } from '../simulator/types.js';
import { drainThenClose } from './drain.js';
import { answered, capturedRequestLine, captureHeads, headParsed } from './head-capture.js';

export interface ListenOptions {
  /** Port to listen on (default 4010; 0 picks a free one). */
  port?: number;
  /** Interface to bind (default 127.0.0.1). A non-loopback address prints a warning. */
  host?: string;
  /** Size and time limits (defaults: 1 MiB body, 16 KiB head, 10 s head, 30 s request, 10 s idle, 8 MiB and 5 s of drain). */
  limits?: Partial<ServerLimits>;
  /** Where the warning about a non-loopback address goes. Default: console.warn. */
  warn?: (message: string) => void;
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface ServerLimits {
  /**
   * Largest request body (bytes). A larger one answers 413 at once; the rest of the body is then
   * read and discarded (see `drainBytes`) and the connection closes.
   */
  maxBodyBytes: number;
  /** Largest request head (request line and headers, bytes); a larger one answers 431. */
  maxHeaderBytes: number;
  /** Time to receive the whole request head (ms); a slower one answers 408. */
  headersTimeoutMs: number;
  /** Time to receive the whole request, head and body (ms); a slower one answers 408. */
  requestTimeoutMs: number;
  /** Longest silence while a body is received, or on a connection with no request in progress (ms). */
  idleTimeoutMs: number;
  /** How long an idle keep-alive connection stays open between requests (ms). */
  keepAliveTimeoutMs: number;
  /**
   * After a 413 or 408 answered before the body was read, most bytes of it read and discarded before
   * the connection closes, so that a client still sending reads the answer instead of a reset.
   */
  drainBytes: number;
  /** Longest time spent discarding such a body after the answer (ms). */
  drainMs: number;
}

export const DEFAULT_LIMITS: Readonly<ServerLimits> = {
  maxBodyBytes: 1_048_576,
  maxHeaderBytes: 16_384,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  idleTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  drainBytes: 8_388_608,
  drainMs: 5_000,
};

/** Largest request body accepted (bytes) by default. */
export const MAX_BODY_BYTES = DEFAULT_LIMITS.maxBodyBytes;

/** Why a body was not read to its end. */
class BodyError extends Error {
  constructor(
    readonly status: 408 | 413,
    message: string,
  ) {
    super(message);
  }
}

function readBody(req: IncomingMessage, limits: ServerLimits): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limits.maxBodyBytes) {
      reject(new BodyError(413, `Request body too large (limit ${limits.maxBodyBytes} bytes)`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const startedAt = Date.now();
    let idle: ReturnType<typeof setTimeout> | undefined;
    const stop = (error: BodyError | Error | undefined): void => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      req.off('data', onData);
      if (error) {
        // Read no more of it: the answer goes out, the rest is discarded and the connection closes.
        req.pause();
        reject(error);
      } else resolve(Buffer.concat(chunks).toString('utf8'));
    };
    const arm = (): void => {
      clearTimeout(idle);
      const left = limits.requestTimeoutMs - (Date.now() - startedAt);
      const wait = Math.max(0, Math.min(limits.idleTimeoutMs, left));
      idle = setTimeout(
        () =>
          stop(
            new BodyError(
              408,
              `Request body not received in time (idle limit ${limits.idleTimeoutMs} ms, total ${limits.requestTimeoutMs} ms)`,
            ),
          ),
        wait,
      );
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limits.maxBodyBytes) {
        stop(new BodyError(413, `Request body too large (limit ${limits.maxBodyBytes} bytes)`));
        return;
      }
      chunks.push(chunk);
      arm();
    };
    req.on('data', onData);
    req.on('end', () => stop(undefined));
    req.on('error', (error) => stop(error));
    arm();
  });
}

/** Shared by requests without a query string (never mutated). */
const NO_QUERY = new URLSearchParams();

/**
 * The simulator's request record of a node:http request. Its header lookup reads node's header
 * object (lower-case names) directly when the name asked for is lower-case already, as every
 * caller's is; it works detached from the record (callers pass `request.header` on).
 */
export function toSimRequest(req: IncomingMessage, bodyText: string): SimRequest {
  const raw = req.url ?? '/';
  const q = raw.indexOf('?');
  const headers = req.headers;
  const request: SimRequest = {
    method: (req.method ?? 'GET').toUpperCase(),
    path: q < 0 ? raw : raw.slice(0, q),
    query: q < 0 ? NO_QUERY : new URLSearchParams(raw.slice(q + 1)),
    header(name) {
      let value = headers[name];
      if (value === undefined) {
        const lower = name.toLowerCase();
        if (lower !== name) value = headers[lower];
      }
      return typeof value === 'string' || value === undefined ? value : value[0];
    },
    bodyText,
  };
  const contentType = headers['content-type'];
  if (contentType) request.contentType = contentType;
  return request;
}

const bodyText = (response: SimResponse): string => (response.raw ? String(response.body) : JSON.stringify(response.body));

/**
 * How long a connection may stay silent while an answer waits to be written (ms): the longest of
 * the idle and keep-alive limits, plus a margin.
 */
const silenceMs = (limits: ServerLimits): number => Math.max(limits.idleTimeoutMs, limits.keepAliveTimeoutMs) + 1_000;

function send(res: ServerResponse, response: SimResponse, head: boolean, silence: number, close = false): void {
  const text = bodyText(response);
  response.headers['content-length'] = String(Buffer.byteLength(text));
  if (close) response.headers.connection = 'close';
  res.writeHead(response.status, response.headers);
  res.end(head ? undefined : text);
  const socket = res.socket;
  // This request is answered: what arrives next on the connection is the next request's head.
  if (socket) answered(socket);
  // An answer the client is not reading yet (queued behind an earlier one, or left in the socket's
  // buffer) keeps the connection open until the silence limit; node arms its keep-alive limit once
  // every answer is out. (No timer per request otherwise: node would re-arm one twice a request.)
  if (socket === null || socket.writableLength > 0) res.req.socket.setTimeout(silence);
}

/** A request record for an error answer when only the request line (or less) is known. */
function headRequest(method: string, path: string, header: SimRequest['header'] = () => undefined): SimRequest {
  return { method, path, query: NO_QUERY, header, bodyText: '' };
}

/**
 * Whether a request has a body: a request without content-length and transfer-encoding has none
 * (RFC 9112 6.3), and its stream is never read (node 24.12+ makes it already ended, with no events,
 * under the `optimizeEmptyRequests` option).
 */
const hasBodyHeaders = (req: IncomingMessage): boolean =>
  req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;

export function createRequestListener(simulator: SimHandler, limits: ServerLimits = DEFAULT_LIMITS) {
  const silence = silenceMs(limits);
  const failed = (req: IncomingMessage, res: ServerResponse, error: unknown): void => {
    if (res.headersSent) {
      res.destroy(error as Error);
      return;
    }
    if (error instanceof BodyError) {
      send(res, simulator.reject(toSimRequest(req, ''), error.status, error.message), false, silence, true);
      // Read and discard the rest of the body (bounded), then close.
      drainThenClose(req, limits);
      return;
    }
    send(res, simulator.reject(toSimRequest(req, ''), 500, 'Internal server error'), false, silence);
  };
  const answer = (req: IncomingMessage, res: ServerResponse, bodyText: string): void => {
    const head = req.method === 'HEAD';
    const response = simulator.handle(toSimRequest(req, bodyText));
    if (response instanceof Promise) response.then((r) => send(res, r, head, silence)).catch((error: unknown) => failed(req, res, error));
    else send(res, response, head, silence);
  };
  return (req: IncomingMessage, res: ServerResponse): void => {
    // The head is parsed; `send` marks the start of the next request's head.
    headParsed(req.socket);
    try {
      const method = req.method ?? 'GET';
      if (method === 'GET' || method === 'HEAD' || !hasBodyHeaders(req)) {
        answer(req, res, '');
        return;
      }
      readBody(req, limits)
        .then((text) => answer(req, res, text))
        .catch((error: unknown) => failed(req, res, error));
    } catch (error) {
      failed(req, res, error);
    }
  };
}

type TrackedSocket = Socket & { _httpMessage?: ServerResponse };

/** Status and message of a client error node's HTTP parser reports before any request exists. */
function clientErrorStatus(error: NodeJS.ErrnoException): { status: number; message: string } {
  if (error.code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: 'Request header fields too large' };
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: 'Request not received in time' };
  return { status: 400, message: `Malformed HTTP request (${error.code ?? 'parse error'})` };
}

/** Answers what node's parser refused (431, 400) or timed out (408), in the path's area shape when the request line arrived. */
export function createClientErrorListener(simulator: SimHandler, limits: ServerLimits = DEFAULT_LIMITS) {
  const silence = silenceMs(limits);
  return (error: NodeJS.ErrnoException & { rawPacket?: Buffer; bytesParsed?: number }, socket: TrackedSocket): void => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const pending = socket._httpMessage;
    const { status, message } = clientErrorStatus(error);
    if (pending) {
      // A request in progress (its body timed out in node's own check): answer through it.
      if (!pending.headersSent) {
        const req = pending.req;
        send(pending, simulator.reject(toSimRequest(req, ''), status, message), false, silence, true);
        pending.once('finish', () => socket.destroySoon());
      } else socket.destroy();
      return;
    }
    const line = capturedRequestLine(socket, error);
    const response = simulator.reject(headRequest(line?.method ?? 'GET', line?.path ?? '/'), status, message);
    const text = bodyText(response);
    const headers = Object.entries({ ...response.headers, 'content-length': String(Buffer.byteLength(text)), connection: 'close' })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.end(`HTTP/1.1 ${status} ${message}\r\n${headers}\r\n${text}`);
  };
}

/** Whether `host` only accepts connections from this machine (one rule with the control API's Host check). */
export { isLoopback };

/**
 * The simulator's node:http server with its limits, not listening yet. `headCapture: false` is for
 * the benchmark that measures what the head capture costs (bench/head-capture.ts): without it, an
 * error before a request exists keeps the area's shape only when the failing chunk holds the
 * request line (431, 400), never for a slow head (408).
 */
export function createNodeServer(simulator: SimHandler, limits: ServerLimits, { headCapture = true } = {}): Server {
  const server = createServer(
    {
      maxHeaderSize: limits.maxHeaderBytes,
      // A request without body headers gets an already-ended body stream with no events (its
      // listener never reads it): no stream life cycle per GET (node 24.12+; older ones ignore it).
      optimizeEmptyRequests: true,
      headersTimeout: limits.headersTimeoutMs,
      // node's own whole-request check is the backstop of the body reader's (which answers first).
      requestTimeout: limits.requestTimeoutMs + 1_000,
      // How often node checks the two timeouts above.
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4))),
    },
    createRequestListener(simulator, limits),
  );
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  // A connection silent past its limit is closed: a new one until its first answer is out, one
  // whose answers wait to be written (armed by `send`), an idle keep-alive one (node's own limit).
  // No server-wide timeout: node would re-arm a socket timer twice a request for it.
  const silence = silenceMs(limits);
  server.on('timeout', (socket: Socket) => socket.destroy());
  server.on('clientError', createClientErrorListener(simulator, limits));
  server.on('connection', (socket: Socket) => {
    socket.setTimeout(silence);
    // After node's own 'connection' listener, which attaches the parser.
    if (headCapture) captureHeads(socket);
  });
  return server;
}

export function startNodeServer(simulator: SimHandler, options: ListenOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const limits: ServerLimits = { ...DEFAULT_LIMITS, ...options.limits };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value <= 0)
      return Promise.reject(new RangeError(`limits.${name} must be a positive integer (got ${String(value)})`));
  }
  const server = createNodeServer(simulator, limits);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4010, host, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      if (!isLoopback(host)) {
        (options.warn ?? console.warn)(
          `x-mock: listening on ${host}, reachable from other machines. Unless the simulator was made with a controlKey, anyone who can reach it can change its balances, prices and clock through /__control.`,
        );
      }
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
