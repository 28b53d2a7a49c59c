// Test support (not built into dist): a raw TCP client for hostile-client tests. It writes a head,
// then trickles a chunk at an interval, until it wrote `totalBytes`, the answer arrived or the
// server closed. Always bounded by `maxMs`.
import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  status: number;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  contentType: string | null;
  text: string;
  /** Bytes of the trickle written when the answer started to arrive. */
  writtenAtAnswer: number;
  elapsedMs: number;
}

export interface TrickleOptions {
  chunk?: string;
  everyMs?: number;
  totalBytes?: number;
  maxMs?: number;
}

export function rawClient(port: number, head: string, options: TrickleOptions = {}): Promise<RawAnswer> {
  const { chunk = '', everyMs = 10, totalBytes = 0, maxMs = 5_000 } = options;
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket: Socket = connect(port, '127.0.0.1');
    let written = 0;
    let writtenAtAnswer = -1;
    let received = '';
    let timer: ReturnType<typeof setInterval> | undefined;
    const finish = (error?: Error): void => {
      clearInterval(timer);
      clearTimeout(guard);
      socket.destroy();
      if (error) {
        reject(error);
        return;
      }
      const split = received.indexOf('\r\n\r\n');
      const lines = received.slice(0, split < 0 ? received.length : split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        status: Number(lines[0]?.split(' ')[1]),
        headers,
        contentType: headers['content-type'] ?? null,
        text: split < 0 ? '' : received.slice(split + 4),
        writtenAtAnswer,
        elapsedMs: Date.now() - started,
      });
    };
    const guard = setTimeout(() => finish(new Error(`no answer within ${maxMs} ms`)), maxMs);
    socket.on('data', (data) => {
      if (writtenAtAnswer < 0) writtenAtAnswer = written;
      received += data.toString('latin1');
    });
    socket.on('close', () => (received ? finish() : finish(new Error('closed without an answer'))));
    socket.on('error', () => undefined); // a reset after the answer is expected when the server stops reading
    socket.on('connect', () => {
      socket.write(head);
      if (!chunk) return;
      timer = setInterval(() => {
        if (written >= totalBytes || writtenAtAnswer >= 0 || socket.destroyed) {
          clearInterval(timer);
          return;
        }
        socket.write(chunk);
        written += chunk.length;
      }, everyMs);
    });
  });
}
