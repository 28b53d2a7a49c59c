import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    include: ['src/**/*.test.ts', 'tools/**/*.test.ts'],
    typecheck: {
      include: ['src/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
  },
});
