// Starts the simulator (src/index.ts, `createSimulator()`) on 127.0.0.1 for a suite, and exposes
// the bits of its control API the suites use. The only place that knows the simulator's API shape.
import { listen } from '../../../src/node/index.js';
import type { ServerLimits } from '../../../src/server/node-server.js';
import { createSimulator, type Simulator } from '../../../src/index.js';

export interface RunningSimulator {
  url: string;
  /** Moves the simulated clock forward. */
  advanceTime(ms: number): void | Promise<void>;
  /** The simulated time, epoch ms. */
  now(): number;
  /** The simulator object itself (its control API, its fetch handler). */
  simulator: Simulator;
  close(): Promise<void>;
}

export interface StartOptions {
  port?: number;
  seed?: number;
  /** Size and time limits of the HTTP server (short ones for slow-client tests). */
  limits?: Partial<ServerLimits>;
}

/** Loads `createSimulator` from the package entry, or undefined when it does not exist yet. */
export async function loadCreateSimulator(): Promise<((options?: Record<string, unknown>) => any) | undefined> {
  try {
    const mod = (await import('../../../src/index.js')) as { createSimulator?: (options?: Record<string, unknown>) => any };
    return typeof mod.createSimulator === 'function' ? mod.createSimulator : undefined;
  } catch (error) {
    if (error instanceof Error && /Cannot find module|Failed to load|does not provide an export/.test(error.message)) return undefined;
    throw error;
  }
}

export async function startSimulator(options: StartOptions = {}): Promise<RunningSimulator> {
  const simulator = createSimulator({ seed: options.seed ?? 1 });
  const listening = await listen(simulator, {
    port: options.port ?? 0,
    host: '127.0.0.1',
    ...(options.limits ? { limits: options.limits } : {}),
  });
  return {
    url: listening.url.replace(/\/$/, ''),
    simulator,
    advanceTime: (ms) => simulator.control.advanceTime(ms),
    now: () => simulator.control.now(),
    close: () => listening.close(),
  };
}
