import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSimulator, type Simulator } from '../index.js';
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

  it('reads the clock again once the event loop has run a timer', async () => {
    let t = 5_000;
    const read = vi.fn(() => t);
    const clock = createCoarseClock(read, 1_000);
    expect(clock.now()).toBe(5_000);
    t = 5_007;
    expect(clock.now()).toBe(5_000);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(clock.now()).toBe(5_007);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('arms no timer while idle and keeps at most one pending', () => {
    const pending: Array<() => void> = [];
    const clock = createCoarseClock(
      () => 1,
      2,
      (expire) => pending.push(expire),
    );
    expect(pending).toHaveLength(0);
    for (let i = 0; i < 10; i++) clock.now();
    expect(pending).toHaveLength(1);
    pending.shift()!();
    expect(pending).toHaveLength(0);
    clock.now();
    expect(pending).toHaveLength(1);
  });

  it('shares no reading while Date is faked or mocked: each stamp reads the clock', () => {
    let t = 1_000;
    const read = vi.fn(() => t++);
    const clock = createCoarseClock(read, 64, () => {});
    vi.useFakeTimers();
    expect([clock.now(), clock.now()]).toEqual([1_000, 1_001]);
    vi.useRealTimers();
    const spy = vi.spyOn(Date, 'now');
    expect([clock.now(), clock.now()]).toEqual([1_002, 1_003]);
    spy.mockRestore();
    // The platform's clock again: shared.
    expect([clock.now(), clock.now()]).toEqual([1_004, 1_004]);
  });
});

describe('the journal wall clock of a simulator in a test with fake timers', () => {
  const tradingStatus = (sim: Simulator) =>
    sim.fetch(new Request('http://localhost/prediction/v1/trading-status', { headers: { 'x-api-key': 'test' } }));
  const stamps = (sim: Simulator) => sim.control.journal().entries.map((e) => e.startedAt);

  it('stamps each request with the faked time, moved without running a timer', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2030, 0, 1));
    const sim = createSimulator();
    await tradingStatus(sim);
    vi.setSystemTime(Date.UTC(2031, 5, 1));
    await tradingStatus(sim);
    expect(stamps(sim)).toEqual(['2031-06-01T00:00:00.000Z', '2030-01-01T00:00:00.000Z']);
  });

  it('follows the fake timers installed after the simulator was made, and the real clock again after them', async () => {
    const sim = createSimulator();
    await tradingStatus(sim);
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2030, 0, 1));
    await tradingStatus(sim);
    vi.useRealTimers();
    const before = Date.now();
    await tradingStatus(sim);
    const [real, faked] = stamps(sim);
    expect(faked).toBe('2030-01-01T00:00:00.000Z');
    expect(Date.parse(real!)).toBeGreaterThanOrEqual(before);
  });
});
