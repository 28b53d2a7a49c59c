import { defineConfig } from 'vitest/config';

// The flow tests run a whole simulator in-process (real Ed25519, real transactions) and the browser
// test starts Chromium; on a loaded 2-core machine one can take several seconds. The limit is a hang
// guard (about ten times the slowest test here unloaded: a load of 15 slowed tests tenfold), not a
// speed target (speed lives in `npm run bench`).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'tools/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
