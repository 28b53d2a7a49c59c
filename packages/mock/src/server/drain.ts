// After an error answer to a request whose body was not read to its end (413 too large, 408 too
// slow), the connection closes; but closing a socket with unread bytes resets it, and a client that
// writes its whole body before it reads (many do) then sees EPIPE or ECONNRESET instead of the
// answer. So, as production servers do (a lingering close), the server ends its side once the
// answer is out and keeps reading and discarding what the client still sends, bounded in bytes and
// time, then closes.
import type { IncomingMessage } from 'node:http';

export interface DrainLimits {
  /** Most bytes read and discarded after the answer. */
  drainBytes: number;
  /** Longest time spent reading after the answer (ms). */
  drainMs: number;
  /** Longest silence of the client while its body is discarded (ms). */
  idleTimeoutMs: number;
}

/**
 * Reads and discards the rest of `req`'s body, then closes its connection: when the body ends,
 * the client ends its side, it stays silent past the idle limit, or a drain limit is reached.
 * Call it when the answer that closes the connection (`connection: close`) is sent.
 */
export function drainThenClose(req: IncomingMessage, limits: DrainLimits): void {
  const socket = req.socket;
  let drained = 0;
  let idle: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const close = (): void => {
    if (closed) return;
    closed = true;
    clearTimeout(idle);
    clearTimeout(total);
    req.off('data', onData);
    if (socket.destroyed) return;
    // The answer may still be on its way out: end our side, destroy once it is written.
    socket.end();
    if (socket.writableFinished) socket.destroy();
    else socket.once('finish', () => socket.destroy());
  };
  const arm = (): void => {
    clearTimeout(idle);
    idle = setTimeout(close, limits.idleTimeoutMs);
  };
  const onData = (chunk: Buffer): void => {
    drained += chunk.length;
    if (drained > limits.drainBytes) close();
    else arm();
  };
  // node ends an answer marked `connection: close` with `socket.destroySoon()`, which would reset a
  // connection whose client is still sending: on this socket it only ends the server's side.
  socket.destroySoon = () => socket.end();
  const total = setTimeout(close, limits.drainMs);
  req.on('data', onData);
  req.once('end', close);
  socket.once('end', close);
  socket.once('close', close);
  arm();
  req.resume();
}
