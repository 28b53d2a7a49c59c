import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/prism.global-setup.ts'],
    // A hang guard, not a speed target: a loaded 2-core machine (load 15) runs a test ten times slower.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    typecheck: {
      include: ['src/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
  },
});
