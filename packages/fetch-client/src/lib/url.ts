// Request URL from the base address, the path template and the path and query parameters.

/**
 * Fills `{name}` segments of a path template. (A template without one is left as it is: no
 * regular expression to compile on a program's first call, which Bun measurably pays.) A value
 * that is missing, empty, `.` or `..` is refused: a URL resolves a `.` or `..` segment (encoded or
 * not), so the request would reach another path, another operation.
 */
export const fillPath = (template: string, path: unknown): string =>
  !template.includes('{')
    ? template
    : template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
        const value = (path as Record<string, string> | null | undefined)?.[name];
        if (/^\.{0,2}$/.test(value ?? ''))
          throw new TypeError(`Missing or invalid path parameter "${name}" for ${template}: ${JSON.stringify(value)}`);
        return encodeURIComponent(value!);
      });

/** Query string (with its `?`), form style: arrays repeat the key, null and undefined are left out. */
export function queryString(query: Record<string, string | number | boolean | object | null | undefined> | undefined): string {
  let text = '';
  for (const key in query) {
    const value = query[key];
    for (const item of Array.isArray(value) ? value : [value])
      if (item != null) text += `&${encodeURIComponent(key)}=${encodeURIComponent(typeof item === 'object' ? JSON.stringify(item) : item)}`;
  }
  return text.replace('&', '?');
}

export const buildUrl = (baseUrl: string, template: string, path: unknown, query: unknown): string =>
  (baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl) +
  fillPath(template, path) +
  queryString(query as Parameters<typeof queryString>[0]);
