import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCoarseClock } from './coarse-clock.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('the journal wall clock', () => {
  it('reads the clock again after maxUses stamps', () => {
    let t = 1_000;
    const read = vi.fn(() => t++);
    const clock = createCoarseClock(read, 3);
    expect([clock.now(), clock.now(), clock.now()]).toEqual([1_000, 1_000, 1_000]);
    expect(read).toHaveBeenCalledTimes(1);
    expect(clock.now()).toBe(1_001);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('reads the clock again once the event loop has run a timer', () => {
    vi.useFakeTimers();
    let t = 5_000;
    const read = vi.fn(() => t);
    const clock = createCoarseClock(read, 1_000);
    expect(clock.now()).toBe(5_000);
    t = 5_007;
    expect(clock.now()).toBe(5_000);
    vi.advanceTimersByTime(1);
    expect(clock.now()).toBe(5_007);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('arms no timer while idle and keeps at most one pending', () => {
    vi.useFakeTimers();
    const clock = createCoarseClock(() => 1, 2);
    expect(vi.getTimerCount()).toBe(0);
    for (let i = 0; i < 10; i++) clock.now();
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
