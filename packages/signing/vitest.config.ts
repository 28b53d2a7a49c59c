import { defineConfig } from 'vitest/config';

// The end-to-end flow tests run a whole simulator in-process (real Ed25519, real transactions); on a
// loaded 2-core machine one of them can take many seconds (the longest, 8 s unloaded, may take ten
// times that at load 15). The limit is a hang guard, not a speed target (speed lives in `npm run bench`).
export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
