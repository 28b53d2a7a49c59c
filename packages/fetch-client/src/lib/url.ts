// Request URL from the base address, the path template and the path and query parameters.

/** Fills `{name}` segments of a path template. */
export const fillPath = (template: string, path: unknown): string =>
  template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = (path as Record<string, unknown> | null | undefined)?.[name];
    if (value == null || value === '') throw new TypeError(`Missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(String(value));
  });

/** Query string (with its `?`), form style: arrays repeat the key, null and undefined are left out. */
export function queryString(query: unknown): string {
  let text = '';
  const params = query as Record<string, unknown>;
  for (const key in params) {
    const value = params[key];
    if (Array.isArray(value)) for (const item of value) text += pair(key, item);
    else text += pair(key, value);
  }
  return text && `?${text.slice(1)}`;
}

/** `&key=value`, or nothing for null and undefined; objects as JSON. */
const pair = (key: string, value: unknown): string =>
  value == null
    ? ''
    : `&${encodeURIComponent(key)}=${encodeURIComponent(typeof value === 'object' ? JSON.stringify(value) : String(value))}`;

export const buildUrl = (baseUrl: string, template: string, path: unknown, query: unknown): string =>
  (baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl) + fillPath(template, path) + queryString(query);
