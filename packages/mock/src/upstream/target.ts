// The request target of a market query: its path and its parameters in name order, so that the
// same request always has the same target (the key of the cache, of coalescing and of a replay).
import type { MarketQuery } from '../simulator/market/source.js';

export function requestTarget(query: MarketQuery): string {
  const search = new URLSearchParams();
  for (const name of Object.keys(query.params).sort()) {
    const value = query.params[name];
    if (value === undefined || value === null) continue;
    search.append(name, Array.isArray(value) ? value.map(String).join(',') : String(value));
  }
  const text = search.toString();
  return text === '' ? query.path : `${query.path}?${text}`;
}
