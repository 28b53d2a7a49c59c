// Request URL from the base address, the path template and the path and query parameters.

/** Fills `{name}` segments of a path template. */
export function fillPath(template: string, path: unknown): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = (path as Record<string, unknown> | undefined)?.[name];
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`Missing path parameter "${name}" for ${template}`);
    }
    return encodeURIComponent(String(value));
  });
}

const pair = (key: string, item: unknown) =>
  `${encodeURIComponent(key)}=${encodeURIComponent(typeof item === 'object' ? JSON.stringify(item) : String(item))}`;

/** Query string (with its `?`), form style: arrays repeat the key, null and undefined are left out. */
export function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  let text = '';
  for (const key in query) {
    const value = (query as Record<string, unknown>)[key];
    if (value === undefined || value === null) continue;
    if (!Array.isArray(value)) text += `&${pair(key, value)}`;
    else for (const item of value) if (item !== undefined && item !== null) text += `&${pair(key, item)}`;
  }
  return text ? `?${text.slice(1)}` : '';
}

export function buildUrl(baseUrl: string, template: string, path: unknown, query: unknown): string {
  const base = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
  return base + fillPath(template, path) + queryString(query);
}
