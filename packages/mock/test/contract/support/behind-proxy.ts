// The simulator on 127.0.0.1 port 0 (the port it got, never one picked earlier and bound later),
// then `prism proxy --errors` in front of it, so every simulator answer is also validated by Prism.
import { startPrismProxy, type PrismProcess } from './prism.js';
import { startSimulator, type RunningSimulator } from './simulator.js';

export interface SimulatorBehindProxy {
  simulator: RunningSimulator;
  proxy: PrismProcess;
  /** Stops the proxy, then the simulator. */
  close(): Promise<void>;
}

export async function startBehindProxy({
  seed = 1,
  pick,
}: {
  seed?: number;
  pick?: () => Promise<number>;
} = {}): Promise<SimulatorBehindProxy> {
  const simulator = await startSimulator({ seed });
  let proxy: PrismProcess;
  try {
    proxy = await startPrismProxy(simulator.url, pick);
  } catch (error) {
    await simulator.close();
    throw error;
  }
  return {
    simulator,
    proxy,
    close: async () => {
      await proxy.stop();
      await simulator.close();
    },
  };
}
