import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'spec-evolution/**/*.test.ts', 'test-support/**/*.test.ts', '*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // Two files at a time: the release test mostly waits on the registry and npm, the others use
    // the CPU. Each test works in its own temporary directory and ports.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
