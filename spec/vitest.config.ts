import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A hang guard, not a speed target: vitest's 5 s default is reached by a 0.5 s test on a loaded
    // 2-core machine (load 15 runs a test ten times slower).
    testTimeout: 30_000,
  },
});
