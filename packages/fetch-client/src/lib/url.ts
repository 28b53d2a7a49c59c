// Request URL from the base address, the path template and the path and query parameters.

/** Fills `{name}` segments of a path template. */
export const fillPath = (template: string, path: any): string =>
  template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = path?.[name];
    if (value == null || value === '') throw new TypeError(`Missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(value);
  });

/** Query string (with its `?`), form style: arrays repeat the key, null and undefined are left out. */
export function queryString(query: any): string {
  let text = '';
  for (const key in query) {
    for (const item of Array.isArray(query[key]) ? query[key] : [query[key]]) {
      if (item != null) text += `&${encodeURIComponent(key)}=${encodeURIComponent(typeof item === 'object' ? JSON.stringify(item) : item)}`;
    }
  }
  return text && `?${text.slice(1)}`;
}

export const buildUrl = (baseUrl: string, template: string, path: unknown, query: unknown): string =>
  baseUrl.replace(/\/$/, '') + fillPath(template, path) + queryString(query);
