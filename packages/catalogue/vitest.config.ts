import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'tools/**/*.test.ts'],
    // The README example imports the generated catalogue from source: its first transform takes
    // seconds on a machine busy with the other packages' tests (as the other packages allow).
    testTimeout: 30_000,
  },
});
