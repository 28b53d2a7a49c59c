import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'tools/**/*.test.ts'],
    // Compiling every validator of the document takes seconds on a loaded machine (2 s unloaded, ten
    // times that at load 15). The limit is a hang guard, not a speed target.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
