// Keeps the start of the request head a connection is receiving, so that an error node's HTTP
// parser reports before any request exists (431 oversized head, 400 malformed head, 408 slow head)
// can still be answered in the error shape of the area its request line names.
//
// Two ways, the same answers:
// - `parser` (node's llhttp binding, recognised at the first connection): hooks the parser's
//   per-message "begin" and per-chunk "executed" callbacks. The socket stays consumed by the native
//   parser (node reads it in C++ and never turns its chunks into JS buffers), and bytes are copied
//   only at the end of a chunk that leaves a head unfinished: nothing is copied for a request whose
//   head arrives whole. A chunk that ends one request and starts the next keeps the next's start.
// - `data-listener` (a parser whose internals differ): a socket 'data' listener that keeps references
//   to the chunks received since the last answer. A 'data' listener makes node detach the native
//   parser (every chunk then goes through JS streams: about 1.5 µs per request on a small GET).
import type { Socket } from 'node:net';

export type HeadCaptureMode = 'parser' | 'data-listener';

/** Bytes of a head start kept at most (the request line is all that is needed). */
const CAPTURE_BYTES = 2_048;
/** Slots of node's HTTPParser callbacks (lib/_http_common.js: HTTPParser.kOnMessageBegin, kOnExecute). */
const K_ON_MESSAGE_BEGIN = 0;
const K_ON_HEADERS = 1;
const K_ON_EXECUTE = 5;

const STATE = Symbol('x-mock head capture');

interface NodeParser {
  [slot: number]: unknown;
  socket: unknown;
  incoming: unknown;
  _consumed?: boolean;
  getCurrentBuffer(): Buffer;
}

interface ParserCapture {
  mode: 'parser';
  /** A message has begun whose head is not complete yet (as of the end of the last chunk). */
  open: boolean;
  /**
   * `parser.incoming` when the open message began. Node sets a new request there when a head
   * completes, and resets it to null when an answered request is released.
   */
  incomingAtBegin: unknown;
  /** The open head's bytes from the chunks before the current one; undefined: it began in the current one. */
  chunks: Buffer[] | undefined;
  size: number;
}

interface DataCapture {
  mode: 'data-listener';
  /** Chunks since the connection's last answer; undefined while a request is in progress. */
  chunks: Buffer[] | undefined;
}

type CapturingSocket = Socket & { parser?: NodeParser | null; [STATE]?: ParserCapture | DataCapture };

/** Whether `parser` is node's llhttp binding as this module knows it, consuming the socket natively. */
function parserHookable(socket: CapturingSocket): boolean {
  const parser = socket.parser;
  return (
    !!parser &&
    parser.socket === socket &&
    parser._consumed === true &&
    parser[K_ON_MESSAGE_BEGIN] == null &&
    typeof parser[K_ON_HEADERS] === 'function' &&
    typeof parser[K_ON_EXECUTE] === 'function' &&
    typeof parser.getCurrentBuffer === 'function'
  );
}

/** The part of a chunk after the last blank line ending by `end`: where a head that began in it starts. */
function afterLastBlankLine(chunk: Buffer, end = chunk.length): Buffer {
  // (A negative offset would count from the end.)
  const blank = end < 4 ? -1 : chunk.lastIndexOf('\r\n\r\n', end - 4);
  return blank < 0 ? chunk : chunk.subarray(blank + 4);
}

function hookParser(socket: CapturingSocket, parser: NodeParser): void {
  const state: ParserCapture = { mode: 'parser', open: false, incomingAtBegin: undefined, chunks: undefined, size: 0 };
  const executed = parser[K_ON_EXECUTE] as (ret: unknown) => unknown;
  parser[K_ON_MESSAGE_BEGIN] = (): void => {
    state.open = true;
    state.incomingAtBegin = parser.incoming;
    state.chunks = undefined;
    state.size = 0;
  };
  // Called by the native parser after each chunk it read and parsed, with the chunk still readable.
  parser[K_ON_EXECUTE] = (ret: unknown): unknown => {
    if (state.open) {
      const incoming = parser.incoming;
      if (incoming !== state.incomingAtBegin && incoming != null) {
        // The head completed (node made its request): nothing to keep.
        state.open = false;
        state.chunks = undefined;
      } else if (!(ret instanceof Error) && state.size < CAPTURE_BYTES) {
        // The chunk ended inside a head: keep its start for an error answered later.
        let chunk = parser.getCurrentBuffer();
        if (state.chunks === undefined) {
          state.chunks = [];
          chunk = afterLastBlankLine(chunk);
        }
        chunk = chunk.subarray(0, CAPTURE_BYTES - state.size);
        state.chunks.push(chunk);
        state.size += chunk.length;
      }
    }
    return executed(ret);
  };
  socket[STATE] = state;
}

function listenForData(socket: CapturingSocket): void {
  const state: DataCapture = { mode: 'data-listener', chunks: [] };
  socket[STATE] = state;
  // Before node's parser sees the chunk: the answer to a request it completes re-arms the capture.
  socket.prependListener('data', (data: Buffer) => {
    const seen = state.chunks;
    if (seen === undefined) return;
    let size = 0;
    for (const chunk of seen) size += chunk.length;
    if (size < CAPTURE_BYTES) seen.push(data.subarray(0, CAPTURE_BYTES - size));
  });
}

/**
 * Starts keeping the head start of each request `socket` receives. Call it on the server's
 * 'connection' event (after node's own listener, which attaches the parser). `mode` defaults to
 * `parser` when the parser is recognised, else `data-listener`.
 */
export function captureHeads(socket: Socket, mode?: HeadCaptureMode): HeadCaptureMode {
  const tracked = socket as CapturingSocket;
  if (mode !== 'data-listener' && parserHookable(tracked)) {
    hookParser(tracked, tracked.parser as NodeParser);
    return 'parser';
  }
  if (mode === 'parser') throw new Error('the HTTP parser of this socket cannot be hooked');
  listenForData(tracked);
  return 'data-listener';
}

/** A request's head was parsed (its request exists): the `data-listener` capture pauses. */
export function headParsed(socket: Socket): void {
  const state = (socket as CapturingSocket)[STATE];
  if (state?.mode === 'data-listener') state.chunks = undefined;
}

/** A request was answered: what arrives next is the next head (`data-listener` capture restarts). */
export function answered(socket: Socket): void {
  const state = (socket as CapturingSocket)[STATE];
  if (state?.mode === 'data-listener') state.chunks = [];
}

const REQUEST_LINE = /^(?:\r?\n)*([A-Z]{1,16}) (\/[^ \r\n]*) HTTP\/1\.[01]\r?\n/;

/**
 * The method and path of the request whose head `socket` was receiving when node reported `error`
 * (a parse error carries the chunk it failed in as `rawPacket` and the failing offset as
 * `bytesParsed`), or undefined when its request line had not fully arrived.
 */
export function capturedRequestLine(
  socket: Socket,
  error: { rawPacket?: Buffer; bytesParsed?: number } = {},
): { method: string; path: string } | undefined {
  const state = (socket as CapturingSocket)[STATE];
  const raw = error.rawPacket;
  const candidates: Buffer[][] = [];
  if (state?.mode === 'parser') {
    // The failing chunk continues a head that began earlier, or holds its start (after the end of
    // the requests it completed: before the failing offset).
    if (state.open && state.chunks !== undefined) candidates.push(raw ? [...state.chunks, raw] : state.chunks);
    else if (raw) candidates.push([afterLastBlankLine(raw, Math.min(raw.length, error.bytesParsed ?? raw.length))]);
  } else {
    if (state?.chunks !== undefined) candidates.push(state.chunks);
    if (raw) candidates.push([raw]);
  }
  let line: RegExpExecArray | null = null;
  for (const parts of candidates) {
    line ??= REQUEST_LINE.exec(Buffer.concat(parts).subarray(0, CAPTURE_BYTES).toString('latin1'));
  }
  if (!line) return undefined;
  const query = line[2]!.indexOf('?');
  return { method: line[1]!, path: query < 0 ? line[2]! : line[2]!.slice(0, query) };
}
