import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/prism.global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    typecheck: {
      include: ['src/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
  },
});
