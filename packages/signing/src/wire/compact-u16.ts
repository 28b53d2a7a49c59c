/**
 * The compact-u16 ("shortU16") length prefix of the wire format, read strictly.
 *
 * kit's `getShortU16Decoder` accepts non-canonical encodings (for example `0x80 0x00` for 0) that
 * the chain's runtime refuses; a signer must not read a transaction differently from the runtime,
 * so this reader refuses them too.
 */

/** Reads a canonical compact-u16 at `offset`; returns `[value, nextOffset]`, or `undefined` when truncated or non-canonical. */
export function readCompactU16(bytes: Uint8Array, offset: number): [number, number] | undefined {
  let value = 0;
  for (let index = 0; index < 3; index++) {
    const byte = bytes[offset + index];
    if (byte === undefined) return undefined;
    if (index === 2 && byte > 0x03) return undefined; // more than 16 bits
    value |= (byte & 0x7f) << (7 * index);
    if ((byte & 0x80) === 0) {
      // A zero continuation byte means a longer encoding than needed: not canonical.
      if (index > 0 && byte === 0) return undefined;
      return [value, offset + index + 1];
    }
  }
  return undefined;
}
