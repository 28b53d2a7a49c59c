// The generation step that keeps open enums' known values: which unions it rewrites, and which not.
import { describe, expect, it } from 'vitest';
import { openEnums } from './open-enums.js';

describe('openEnums', () => {
  it('rewrites a string or number beside literals of its own kind', () => {
    const { text, count } = openEnums(
      [
        "export type Router = 'a' | 'b' | string;",
        "export type T = { code?: 0 | -1 | 2 | number; result: 'yes' | string | null; list: Array<'p' | string> };",
      ].join('\n'),
    );
    expect(text).toBe(
      [
        "export type Router = 'a' | 'b' | (string & {});",
        "export type T = { code?: 0 | -1 | 2 | (number & {}); result: 'yes' | (string & {}) | null; list: Array<'p' | (string & {})> };",
      ].join('\n'),
    );
    expect(count).toBe(4);
  });

  it('leaves closed enums and unions without literals of the same kind alone', () => {
    const source = [
      "export type Closed = 'message' | 'transaction';",
      'export type Mixed = number | string | null;',
      'export type Other = 1 | 2 | string;',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source text that holds a template literal type.
      "export type Url = `${string}://` | 'x';",
    ].join('\n');
    expect(openEnums(source)).toEqual({ text: source, count: 0 });
  });
});
