import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'tools/**/*.test.ts'],
    // The README example imports the generated catalogue from source: its first transform takes
    // seconds on a machine busy with the other packages' tests (2.5 s unloaded, ten times that at
    // load 15). The limit is a hang guard, not a speed target.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
