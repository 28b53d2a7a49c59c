import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Real Chromium: the longest test takes 6 s unloaded, and may take ten times that at load 15.
    // The limit is a hang guard, not a speed target.
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
