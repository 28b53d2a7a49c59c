// Reads an answer's body as text, counting bytes as they arrive, so that an answer over the size
// cap costs at most the cap in memory: reading stops and the connection is released.

const decoder = new TextDecoder();

/** The body as text, or `undefined` when it is larger than `maxBytes` (the rest is not read). */
export async function readBody(response: Response, maxBytes: number): Promise<string | undefined> {
  const { headers } = response;
  const declared = Number(headers.get('content-length') ?? NaN);
  // A declared length within the cap bounds the body (HTTP framing) unless a content-encoding
  // makes it the compressed size, or the browser may hide that encoding (a `cors` answer): then
  // the plain read is safe and cheaper.
  if (declared <= maxBytes && response.type !== 'cors' && !headers.has('content-encoding')) return response.text();
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
    return undefined;
  }
  // One chunk (the usual case for an API answer) is decoded as is; several are joined first.
  return decoder.decode(chunks.length === 1 ? chunks[0] : await new Blob(chunks as BlobPart[]).arrayBuffer());
}
