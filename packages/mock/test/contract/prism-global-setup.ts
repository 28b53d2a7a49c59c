// Global setup of the contract project: `prism mock` on the bundled spec, and a `prism proxy
// --errors` in front of the port the simulator will listen on (the test file starts the simulator
// there), so every simulator answer is also validated by Prism. Both are killed afterwards.
import type { TestProject } from 'vitest/node';
import { freePort } from '../../../../tools/test-support/free-port.ts';
import { type PrismProcess, startPrismMock, startPrismProxy } from './support/prism.js';

declare module 'vitest' {
  export interface ProvidedContext {
    prismMockUrl: string;
    prismProxyUrl: string;
    simulatorPort: number;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started: PrismProcess[] = [];
  const stopAll = async (): Promise<void> => {
    await Promise.all(started.map((p) => p.stop()));
  };
  try {
    const simulatorPort = await freePort();
    const results = await Promise.allSettled([startPrismMock(), startPrismProxy(`http://127.0.0.1:${simulatorPort}`)]);
    for (const result of results) if (result.status === 'fulfilled') started.push(result.value);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    const [mock, proxy] = started as [PrismProcess, PrismProcess];
    project.provide('prismMockUrl', mock.url);
    project.provide('prismProxyUrl', proxy.url);
    project.provide('simulatorPort', simulatorPort);
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
