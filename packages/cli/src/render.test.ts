import { describe, expect, it } from 'vitest';
import { renderText } from './render.js';

const body = {
  title: 'Line one\nline two\twith a tab \u001b[31mred',
  path: 'C:\\data',
  tags: ['a, b', 'c'],
  nested: { empty: [], none: {}, amount: 5, flag: null },
};

describe('renderText', () => {
  it('in a pipe: name<TAB>value, one line per value, every list element apart, escapes kept reversible', () => {
    expect(renderText(body, { tty: false }).split('\n')).toEqual([
      'title\tLine one\\nline two\\twith a tab \\u001b[31mred',
      'path\tC:\\\\data',
      'tags[0]\ta, b',
      'tags[1]\tc',
      'nested.empty\t[]',
      'nested.none\t{}',
      'nested.amount\t5',
      'nested.flag\tnull',
    ]);
  });

  it('on a terminal: aligned, a list of scalars on one line, control characters escaped (no terminal sequences from data)', () => {
    const lines = renderText(body, { tty: true }).split('\n');
    expect(lines[0]).toBe('title          Line one\\nline two\\twith a tab \\u001b[31mred');
    expect(lines[1]).toBe('path           C:\\data');
    expect(lines[2]).toBe('tags           a, b, c');
    expect(lines).toHaveLength(7);
    expect(lines.join('\n')).not.toContain('\u001b');
  });

  it('prints a scalar body as it is, escaped the same way', () => {
    expect(renderText('ok\nthen', { tty: false })).toBe('ok\\nthen');
    expect(renderText(42, { tty: true })).toBe('42');
  });
});
