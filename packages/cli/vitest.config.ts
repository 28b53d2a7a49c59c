import { defineConfig } from 'vitest/config';

// The bin tests start the built `x` as a child process per case; on a loaded 2-core machine one
// start can take seconds (the suite's longest test, 15 s unloaded, took 31.5 s at load 16: ten times
// is possible at load 15). The limit is a hang guard, not a speed target.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'tools/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
