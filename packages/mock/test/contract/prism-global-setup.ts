// Global setup of the contract project: `prism mock` on the bundled spec, on a port of its own,
// killed afterwards. (The `prism proxy --errors` in front of the simulator is started by the test
// file once the simulator listens: on port 0, the port it got is the proxy's upstream.)
import type { TestProject } from 'vitest/node';
import { startPrismMock } from './support/prism.js';

declare module 'vitest' {
  export interface ProvidedContext {
    prismMockUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const mock = await startPrismMock();
  project.provide('prismMockUrl', mock.url);
  return () => mock.stop();
}
