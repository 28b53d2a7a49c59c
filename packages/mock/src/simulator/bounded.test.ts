import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded.js';

describe('BoundedMap', () => {
  it('drops the oldest entries beyond its size', () => {
    const map = new BoundedMap<string, number>({ maxSize: 2 });
    map.set('a', 1).set('b', 2).set('c', 3);
    expect(map.size).toBe(2);
    expect(map.get('a')).toBeUndefined();
    map.set('b', 4); // rewrite renews
    map.set('d', 5);
    expect([...map.values()]).toEqual([4, 5]);
  });

  it('expires entries after their time to live on the given clock', () => {
    let now = 0;
    const map = new BoundedMap<string, number>({ maxSize: 10, ttlMs: 100, now: () => now });
    map.set('a', 1);
    now = 100;
    expect(map.get('a')).toBe(1);
    now = 101;
    expect(map.get('a')).toBeUndefined();
    expect(map.size).toBe(0);
  });
});
