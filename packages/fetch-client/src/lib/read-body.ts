// Reads an answer's body as text, counting bytes as they arrive, so that an answer over the size
// cap costs at most the cap in memory: reading stops and the connection is released.
import { ResponseTooLargeError } from './errors.js';

/**
 * The body as text; a `ResponseTooLargeError` when it is larger than `maxBytes` (default 10 MiB,
 * for the client and politeFetch alike; the rest is not read). Not an async function: the usual answer hands back `response.text()` itself, without the
 * extra turns of the microtask queue that returning a promise from an async function costs.
 */
export function readBody(response: Response, maxBytes = 10_485_760, operation = ''): Promise<string> {
  const declared = +(response.headers.get('content-length') ?? NaN);
  // A declared length within the cap bounds the body (HTTP framing) unless a content-encoding
  // makes it the compressed size, or the browser may hide that encoding (a `cors` answer): then
  // the plain read is safe and cheaper.
  if (declared <= maxBytes && response.type !== 'cors' && !response.headers.has('content-encoding')) return response.text();
  return readCounting(response, maxBytes, declared, operation);
}

/** The body read chunk by chunk, counting bytes; `declared` is the content-length (or NaN). */
async function readCounting(response: Response, maxBytes: number, declared: number, operation: string): Promise<string> {
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  // A declared length over the cap ends it before reading anything.
  let size = declared > maxBytes ? Infinity : 0;
  while (reader && size <= maxBytes) {
    const chunk = await reader.read();
    if (chunk.done) break;
    chunks.push(chunk.value);
    size += chunk.value.length;
  }
  if (size > maxBytes) {
    reader?.cancel().catch(() => {});
    throw new ResponseTooLargeError(`${response.status} ${operation}: answer over ${maxBytes} bytes`, operation, {
      status: response.status,
      maxBytes,
    });
  }
  // The chunks are joined and decoded as UTF-8 (a character split between chunks stays whole).
  return new Blob(chunks as BlobPart[]).text();
}
