// Reads an answer's body as text, counting bytes as they arrive, so that an answer over the size
// cap costs at most the cap in memory: reading stops and the connection is released.

/** The body as text, or `undefined` when it is larger than `maxBytes` (the rest is not read). */
export async function readBody(response: Response, maxBytes: number): Promise<string | undefined> {
  // A declared length over the cap ends it before reading anything. The declared length is not
  // trusted otherwise: with a content-encoding it is the compressed size.
  if (Number(response.headers.get('content-length')) > maxBytes) {
    response.body?.cancel().catch(() => {});
    return undefined;
  }
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > maxBytes) {
      reader.cancel().catch(() => {});
      return undefined;
    }
    text += decoder.decode(value, { stream: true });
  }
}
