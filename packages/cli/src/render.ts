// An answer as readable text: one line per value, named by its path in the body
// (`routePlan[0].swapInfo.label`), the values aligned in one column.

function flatten(value: unknown, path: string, out: Array<[string, string]>): void {
  if (Array.isArray(value)) {
    if (value.length === 0) out.push([path, '[]']);
    else if (value.every((item) => item === null || typeof item !== 'object')) out.push([path, value.map(scalar).join(', ')]);
    else for (const [index, item] of value.entries()) flatten(item, `${path}[${index}]`, out);
    return;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) out.push([path, '{}']);
    for (const [key, item] of entries) flatten(item, path ? `${path}.${key}` : key, out);
    return;
  }
  out.push([path, scalar(value)]);
}

const scalar = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined'));

/** The body as aligned `name  value` lines (a scalar body is printed as it is). */
export function renderText(body: unknown): string {
  if (body === null || typeof body !== 'object') return scalar(body);
  const rows: Array<[string, string]> = [];
  flatten(body, '', rows);
  const width = Math.max(...rows.map(([name]) => name.length)) + 2;
  return rows.map(([name, value]) => name + ' '.repeat(width - name.length) + value).join('\n');
}
