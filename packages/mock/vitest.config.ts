import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The end-to-end test drives @x/fetch-client; use its build when present (CI builds it first),
// else its sources.
const fetchClientDist = fileURLToPath(new URL('../fetch-client/dist/index.js', import.meta.url));
const fetchClientSrc = fileURLToPath(new URL('../fetch-client/src/index.ts', import.meta.url));
const alias: Record<string, string> = existsSync(fetchClientDist) ? {} : { '@x/fetch-client': fetchClientSrc };

export default defineConfig({
  resolve: { alias },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts', 'tools/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'contract',
          include: ['test/contract/**/*.test.ts'],
          // Starts `prism mock` (and a `prism proxy` in front of the simulator) on free ports.
          globalSetup: ['test/contract/prism-global-setup.ts'],
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'reliability',
          include: ['test/fuzz/**/*.test.ts', 'test/concurrency/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], testTimeout: 60_000 },
      },
      {
        extends: true,
        // Debian's Chromium (tools/browser): the built dist bundled by esbuild into a page on 127.0.0.1.
        test: { name: 'browser', include: ['test/browser/**/*.test.ts'], testTimeout: 20_000 },
      },
    ],
  },
});
