import { defineConfig } from 'vitest/config';

// The bin tests start the built `x` as a child process per case; on a loaded 2-core machine one
// start can take a second or two. The limit is a hang guard, not a speed target.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'tools/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
