import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BASE64_CODEC, decodeBase64, decodeBase64Portable, encodeBase64, encodeBase64Portable, replaceBase64Range } from './base64.js';

const random = (length: number) => crypto.getRandomValues(new Uint8Array(length));

const REFUSED: readonly [name: string, text: string][] = [
  ['a length that is not a multiple of 4', 'QUJD='],
  ['a character outside the alphabet', 'QU*D'],
  ['the URL-safe alphabet', 'QU-_'],
  ['whitespace', 'QUJD QUJD'],
  ['whitespace instead of a character', 'QUJ QUJD'],
  ['a trailing newline in place of padding', 'QUI\n'],
  ['whitespace filling whole groups of 4', 'QU JD   '],
  ['whitespace after padding', 'QQ== \t\r\n'],
  ['a non-ASCII character', 'QUJ\u0100'],
  ['padding in the middle', 'QQ==QUJD'],
  ['three padding characters', 'Q==='],
  ['non-zero padding bits (one byte)', 'QR=='],
  ['non-zero padding bits (two bytes)', 'QUL='],
  ['the empty string', ''],
];

/** Every length from 1 to 79, as Node encodes it. */
const SAMPLES = Array.from({ length: 79 }, (_, index) => Buffer.from(random(index + 1)).toString('base64'));

const codecs = [
  { name: `this runtime's (${BASE64_CODEC})`, decode: decodeBase64, encode: encodeBase64 },
  { name: 'portable', decode: decodeBase64Portable, encode: encodeBase64Portable },
];

describe.each(codecs)('base64: the $name codec', ({ decode, encode }) => {
  it('round-trips every length the way Node encodes it', () => {
    for (const text of SAMPLES) {
      const bytes = new Uint8Array(Buffer.from(text, 'base64'));
      expect(encode(bytes)).toBe(text);
      expect(decode(text)).toEqual(bytes);
    }
  });

  it.each(REFUSED)('refuses %s', (_name, text) => {
    expect(decode(text)).toBeUndefined();
  });

  it('encodes a view of a larger buffer (only its own bytes)', () => {
    const whole = random(40);
    expect(encode(whole.subarray(5, 17))).toBe(Buffer.from(whole.subarray(5, 17)).toString('base64'));
  });
});

describe('base64: the standard codec (Uint8Array.fromBase64, as in recent browsers)', () => {
  it('accepts and refuses exactly what the portable codec does', () => {
    // Node 24 has the standard codec behind a flag: run this module there, in a child process.
    const moduleUrl = new URL('./base64.ts', import.meta.url).href;
    const script = `
      const { BASE64_CODEC, decodeBase64, encodeBase64 } = await import(${JSON.stringify(moduleUrl)});
      const input = JSON.parse(process.argv[1]);
      const decoded = (text) => { const bytes = decodeBase64(text); return bytes === undefined ? null : Array.from(bytes); };
      process.stdout.write(JSON.stringify({
        codec: BASE64_CODEC,
        samples: input.samples.map(decoded),
        encoded: input.samples.map((text) => encodeBase64(Uint8Array.from(Buffer.from(text, 'base64')))),
        refused: input.refused.map(decoded),
      }));`;
    const input = JSON.stringify({ samples: SAMPLES, refused: REFUSED.map(([, text]) => text) });
    const output = execFileSync(process.execPath, ['--js-base-64', '--input-type=module', '-e', script, input], {
      cwd: fileURLToPath(new URL('.', import.meta.url)),
      encoding: 'utf8',
    });
    const result = JSON.parse(output) as { codec: string; samples: (number[] | null)[]; encoded: string[]; refused: unknown[] };
    expect(result.codec).toBe('standard');
    expect(result.samples).toEqual(SAMPLES.map((text) => Array.from(Buffer.from(text, 'base64'))));
    expect(result.encoded).toEqual(SAMPLES);
    expect(result.refused).toEqual(REFUSED.map(() => null));
  });
});

describe('replaceBase64Range', () => {
  it('re-encoding only a changed range gives the same text as encoding everything', () => {
    for (const length of [64, 65, 66, 200, 901]) {
      for (const start of [0, 1, 2, 3, length - 64].filter((s) => s + 64 <= length)) {
        const bytes = random(length);
        const text = encodeBase64(bytes);
        bytes.set(random(64), start);
        expect(replaceBase64Range(text, bytes, start, start + 64)).toBe(encodeBase64(bytes));
      }
    }
  });

  it('a range too long for the plain-JavaScript re-encoding goes through the codec, with the same result', () => {
    for (const start of [0, 1, 2, 5]) {
      const bytes = random(1000);
      const text = encodeBase64(bytes);
      bytes.set(random(400), start);
      expect(replaceBase64Range(text, bytes, start, start + 400)).toBe(encodeBase64(bytes));
    }
  });
});
