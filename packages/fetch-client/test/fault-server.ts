// A local node:http server (127.0.0.1, ephemeral port) that answers each request with the next
// scripted fault: a status with headers and body, a reset connection, or a stalled answer.
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Fault =
  | { kind: 'answer'; status: number; headers?: Record<string, string>; body?: string }
  | { kind: 'reset' }
  /** Sends the status line and headers, then stalls (never finishes the body). */
  | { kind: 'stall-body'; status: number }
  /** Waits before answering at all. */
  | { kind: 'delay'; ms: number; answer: Fault };

export interface FaultServer {
  url: string;
  /** Faults for the next requests, in order; when used up, the last one repeats. */
  script(...faults: Fault[]): void;
  /** Requests seen since the last `script()`. */
  hits: Array<{ method: string; url: string; headers: IncomingMessage['headers'] }>;
  close(): Promise<void>;
}

export const answer = (status: number, body?: unknown, headers: Record<string, string> = {}): Fault => ({
  kind: 'answer',
  status,
  headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
  ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
});

export async function startFaultServer(): Promise<FaultServer> {
  let faults: Fault[] = [];
  const hits: FaultServer['hits'] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const play = (fault: Fault, req: IncomingMessage, res: ServerResponse) => {
    switch (fault.kind) {
      case 'answer':
        res.writeHead(fault.status, fault.headers);
        res.end(fault.body);
        return;
      case 'reset':
        req.socket.resetAndDestroy();
        return;
      case 'stall-body':
        res.writeHead(fault.status, { 'content-type': 'application/json' });
        res.write('{"partial":');
        return;
      case 'delay': {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) play(fault.answer, req, res);
        }, fault.ms);
        timers.add(timer);
      }
    }
  };

  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      hits.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
      const fault = faults[Math.min(hits.length - 1, faults.length - 1)];
      if (!fault) {
        res.writeHead(500).end('no fault scripted');
        return;
      }
      play(fault, req, res);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    script(...next) {
      faults = next;
      hits.length = 0;
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
