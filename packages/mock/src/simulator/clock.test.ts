import { describe, expect, it } from 'vitest';
import { createClock, DEFAULT_START } from './clock.js';
import { createRandom } from './random.js';

describe('clock', () => {
  it('moves only through advance/set in manual mode', () => {
    const clock = createClock();
    expect(clock.now()).toBe(DEFAULT_START);
    clock.advance(1500);
    expect(clock.now()).toBe(DEFAULT_START + 1500);
    clock.set(42);
    expect(clock.now()).toBe(42);
    expect(() => clock.advance(-1)).toThrow(RangeError);
  });

  it('follows the wall clock in real mode', () => {
    let wall = 1000;
    const clock = createClock(5000, 'real', () => wall);
    wall = 1250;
    expect(clock.now()).toBe(5250);
    clock.advance(100);
    expect(clock.now()).toBe(5350);
  });
});

describe('seeded random', () => {
  it('repeats a stream for a seed and differs across seeds and forks', () => {
    const a = createRandom(1);
    const b = createRandom(1);
    const seqA = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA);
    expect(createRandom(2).next()).not.toBe(seqA[0]);
    expect(createRandom(1).fork('x').next()).toBe(createRandom(1).fork('x').next());
    expect(createRandom(1).fork('x').next()).not.toBe(createRandom(1).fork('y').next());
  });

  it('makes UUID v7 ids and base58 addresses', () => {
    const r = createRandom(9);
    expect(r.uuid(Date.UTC(2026, 0, 1))).toMatch(/^019b7[0-9a-f]{3}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(r.address()).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    for (let i = 0; i < 100; i++) {
      const n = r.int(3, 5);
      expect(n >= 3 && n <= 5).toBe(true);
    }
  });
});
