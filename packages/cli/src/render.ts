// An answer as text: one line per value, named by its path in the body
// (`routePlan[0].swapInfo.label`). As `gh` does, the layout depends on where the output goes:
//   terminal - the values aligned in one column, a list of scalars on one line (`a, b, c`);
//   pipe     - `name<TAB>value`, every list element on its own line (`tags[0]`, `tags[1]`), a
//              backslash written `\\`, so a line is one value whatever the data, for `cut -f2`,
//              `grep` and `awk -F'\t'`, and nothing is lost or cut.
// In both, a control character in the data (a newline, a tab, an escape sequence) is written as
// its JSON escape: a value never spans lines and never drives the terminal. No colour either way.

export interface RenderOptions {
  /** Whether the output is a terminal (aligned) or not (tab-separated). */
  tty: boolean;
  /** The name the body's values are named from (`[2]`: `[2].data[0].eventId`); none by default. */
  at?: string;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };

function escapeControl(ch: string): string {
  return NAMED[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** A value as one line of text. */
function scalar(value: unknown, tty: boolean): string {
  if (typeof value !== 'string') return JSON.stringify(value) ?? 'undefined';
  return (tty ? value : value.replaceAll('\\', '\\\\')).replace(CONTROL, escapeControl);
}

function flatten(value: unknown, path: string, tty: boolean, out: Array<[string, string]>): void {
  if (Array.isArray(value)) {
    if (value.length === 0) out.push([path, '[]']);
    else if (tty && value.every((item) => item === null || typeof item !== 'object'))
      out.push([path, value.map((item) => scalar(item, tty)).join(', ')]);
    else for (const [index, item] of value.entries()) flatten(item, `${path}[${index}]`, tty, out);
    return;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) out.push([path, '{}']);
    for (const [key, item] of entries) flatten(item, path ? `${path}.${key}` : key, tty, out);
    return;
  }
  out.push([path, scalar(value, tty)]);
}

/** The body as `name  value` lines (a scalar body is printed as it is, or as one line named `at`). */
export function renderText(body: unknown, options: RenderOptions): string {
  const { tty, at = '' } = options;
  if ((body === null || typeof body !== 'object') && at === '') return scalar(body, tty);
  const rows: Array<[string, string]> = [];
  flatten(body, at, tty, rows);
  for (const row of rows) row[0] = scalar(row[0], tty);
  if (!tty) return rows.map(([name, value]) => `${name}\t${value}`).join('\n');
  const width = Math.max(...rows.map(([name]) => name.length)) + 2;
  return rows.map(([name, value]) => name + ' '.repeat(width - name.length) + value).join('\n');
}
