// A lighter load loop for one fixed request: raw keep-alive sockets, each sending the next request
// as soon as the previous answer is complete (closed loop, no pipelining), answers framed by
// content-length. Cheaper per request than node:http's client, so the client is less often the
// bottleneck when the servers are fast.
import net from 'node:net';
import { combine, type LoadResult } from './load.ts';

const LENGTH = Buffer.from('\r\ncontent-length: ');

/**
 * The content-length of the head that ends at `end`: found by a byte search for the lower-case
 * name both servers send (no text made of the head, so a longer head costs this loop next to
 * nothing), else by a case-blind match on the head as text.
 */
function contentLength(buffer: Buffer, end: number): number {
  const at = buffer.indexOf(LENGTH);
  if (at >= 0 && at < end) {
    let value = 0;
    for (let i = at + LENGTH.length; i < end; i++) {
      const digit = buffer[i]! - 48;
      if (digit < 0 || digit > 9) break;
      value = value * 10 + digit;
    }
    return value;
  }
  return Number(/\r\ncontent-length:\s*(\d+)/i.exec(buffer.subarray(0, end).toString('latin1'))?.[1] ?? 0);
}

export async function runRawLoad(
  port: number,
  request: { path: string; headers?: Record<string, string> },
  { count, concurrency, deadlineMs = 60_000 }: { count: number; concurrency: number; deadlineMs?: number },
): Promise<LoadResult> {
  const head = [
    `GET ${request.path} HTTP/1.1`,
    'host: 127.0.0.1',
    ...Object.entries(request.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
    '',
    '',
  ].join('\r\n');
  const payload = Buffer.from(head);
  const latencies = new Float64Array(count);
  const statuses: Record<number, number> = {};
  const errorCodes: Record<string, number> = {};
  let issued = 0;
  let done = 0;
  let errors = 0;
  const start = performance.now();
  const deadline = start + deadlineMs;

  const connection = (): Promise<void> =>
    new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.setNoDelay(true);
      let buffer: Buffer = Buffer.alloc(0);
      let sentAt = 0;
      const sendNext = (): void => {
        if (issued >= count || performance.now() > deadline) {
          socket.end();
          resolve();
          return;
        }
        issued++;
        sentAt = performance.now();
        socket.write(payload);
      };
      socket.on('connect', sendNext);
      socket.on('data', (chunk: Buffer) => {
        buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
        for (;;) {
          const end = buffer.indexOf('\r\n\r\n');
          if (end < 0) return;
          const length = contentLength(buffer, end);
          if (buffer.length < end + 4 + length) return;
          const status = (buffer[9]! - 48) * 100 + (buffer[10]! - 48) * 10 + (buffer[11]! - 48);
          statuses[status] = (statuses[status] ?? 0) + 1;
          latencies[done++] = performance.now() - sentAt;
          buffer = buffer.subarray(end + 4 + length);
          sendNext();
        }
      });
      socket.on('error', (error: NodeJS.ErrnoException) => {
        errors++;
        errorCodes[error.code ?? error.message] = (errorCodes[error.code ?? error.message] ?? 0) + 1;
        resolve();
      });
      socket.on('close', () => resolve());
    });

  await Promise.all(Array.from({ length: concurrency }, connection));
  const seconds = (performance.now() - start) / 1000;
  const sorted = latencies.slice(0, done).sort();
  return combine([{ count: done, errors, errorCodes, statuses, seconds, rps: done / seconds, p50: 0, p99: 0, latencies: sorted }]);
}
