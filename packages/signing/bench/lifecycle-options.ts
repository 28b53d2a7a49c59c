// The simulator both sides of the lifecycle benchmark run: wall-clock time (the flows and the auth
// session read Date.now), and orders ready to cancel at once (no backoff waits in the flow).
import type { SimulatorOptions } from '@x/mock';

export function simulatorOptions(): SimulatorOptions {
  return { seed: 1, clock: 'real', now: Date.now(), settings: { cancelReadyAfterMs: 0 } };
}
