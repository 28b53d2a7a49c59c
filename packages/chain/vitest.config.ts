import { defineConfig } from 'vitest/config';

// The comparisons against the reference implementation run thousands of cases: the longest takes 4.7 s
// unloaded, at vitest's 5 s default, and may take ten times that on a loaded 2-core machine (load 15).
// The limit is a hang guard, not a speed target (speed lives in `npm run bench`).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
