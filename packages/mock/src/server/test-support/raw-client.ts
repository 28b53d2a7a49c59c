// Test support (not built into dist): a raw TCP client for hostile-client tests. It writes a head,
// then trickles a chunk at an interval, until it wrote `totalBytes`, the answer arrived (unless told
// to keep writing) or the server closed. Always bounded by `maxMs`.
import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  status: number;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  contentType: string | null;
  text: string;
  /** Bytes of the trickle written when the answer started to arrive. */
  writtenAtAnswer: number;
  /** Bytes of the trickle written in all. */
  written: number;
  elapsedMs: number;
}

export interface TrickleOptions {
  chunk?: string;
  everyMs?: number;
  totalBytes?: number;
  maxMs?: number;
  /** Keep writing after the answer arrived (until `totalBytes` or the server closes). */
  keepWriting?: boolean;
}

export function rawClient(port: number, head: string, options: TrickleOptions = {}): Promise<RawAnswer> {
  const { chunk = '', everyMs = 10, totalBytes = 0, maxMs = 5_000, keepWriting = false } = options;
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
        written,
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
        if (written >= totalBytes || (writtenAtAnswer >= 0 && !keepWriting) || socket.destroyed) {
          clearInterval(timer);
          return;
        }
        socket.write(chunk);
        written += chunk.length;
      }, everyMs);
    });
  });
}

export interface SentThenRead {
  /** The answer, or undefined when the connection failed before one could be read. */
  answer?: { status: number; headers: Record<string, string>; text: string };
  /** The error code the connection failed with (EPIPE, ECONNRESET), if it did. */
  error?: string;
  /** Bytes of body written before the connection ended. */
  written: number;
}

/**
 * A client that writes its whole request (the head, then `bodyBytes` of body in chunks of
 * `chunkBytes` every `everyMs`, waiting for the socket to drain) before it reads anything, as many
 * HTTP clients do, then reads until the server closes. Bounded by `maxMs`.
 */
export function sendThenRead(
  port: number,
  head: string,
  {
    bodyBytes,
    chunkBytes = 131_072,
    everyMs = 4,
    chunked = false,
    allowHalfOpen = false,
    maxMs = 10_000,
  }: {
    bodyBytes: number;
    chunkBytes?: number;
    everyMs?: number;
    /** Send the body in chunked transfer encoding (each chunk framed). */
    chunked?: boolean;
    /** Keep writing after the server ended its side (node's default client stops). */
    allowHalfOpen?: boolean;
    maxMs?: number;
  },
): Promise<SentThenRead> {
  return new Promise((resolve) => {
    const socket: Socket = connect({ port, host: '127.0.0.1', allowHalfOpen });
    const received: Buffer[] = [];
    let written = 0;
    let error: string | undefined;
    const guard = setTimeout(() => {
      error ??= `no end within ${maxMs} ms`;
      socket.destroy();
    }, maxMs);
    socket.pause();
    socket.on('data', (data: Buffer) => received.push(data));
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error ??= e.code ?? e.message;
    });
    socket.on('close', () => {
      clearTimeout(guard);
      const text = Buffer.concat(received).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) {
        resolve({ error: error ?? 'closed without an answer', written });
        return;
      }
      const lines = text.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      const answer = { status: Number(lines[0]?.split(' ')[1]), headers, text: text.slice(split + 4) };
      resolve({ answer, written, ...(error ? { error } : {}) });
    });
    const write = (data: string | Buffer): Promise<void> =>
      new Promise((done) => (socket.write(data) ? done() : socket.once('drain', done)));
    socket.on('connect', async () => {
      const piece = Buffer.alloc(chunkBytes, 'x');
      await write(head);
      for (; written < bodyBytes && !socket.destroyed; written += chunkBytes) {
        const part = piece.subarray(0, Math.min(chunkBytes, bodyBytes - written));
        await write(chunked ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')]) : part);
        await new Promise((done) => setTimeout(done, everyMs));
      }
      if (chunked && !socket.destroyed) await write('0\r\n\r\n');
      // Everything is written: now read.
      socket.resume();
    });
  });
}
