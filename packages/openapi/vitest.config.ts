import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'tools/**/*.test.ts'],
    // Compiling every validator of the document takes seconds on a loaded machine.
    testTimeout: 30_000,
  },
});
