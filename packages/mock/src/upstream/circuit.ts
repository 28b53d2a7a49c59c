// A circuit breaker for the upstream: after `failures` failed calls in a row it opens and no call
// is made for `openMs`; then one probe goes through, and its outcome closes or reopens it.

export type CircuitState = 'closed' | 'open' | 'half-open';

export interface Circuit {
  /** Whether a call may be made now (in half-open state, one probe at a time). */
  allow(): boolean;
  success(): void;
  failure(): void;
  readonly state: CircuitState;
  /** Wall-clock ms at which an open circuit lets a probe through. */
  readonly openUntil: number | undefined;
  reset(): void;
}

export function createCircuit(options: { failures: number; openMs: number; now: () => number }): Circuit {
  let failuresInRow = 0;
  let openUntil: number | undefined;
  let probing = false;
  const state = (): CircuitState => (openUntil === undefined ? 'closed' : options.now() < openUntil ? 'open' : 'half-open');
  return {
    allow() {
      const s = state();
      if (s === 'closed') return true;
      if (s === 'open' || probing) return false;
      probing = true;
      return true;
    },
    success() {
      failuresInRow = 0;
      openUntil = undefined;
      probing = false;
    },
    failure() {
      failuresInRow++;
      if (probing || failuresInRow >= options.failures) openUntil = options.now() + options.openMs;
      probing = false;
    },
    get state() {
      return state();
    },
    get openUntil() {
      return openUntil;
    },
    reset() {
      failuresInRow = 0;
      openUntil = undefined;
      probing = false;
    },
  };
}
