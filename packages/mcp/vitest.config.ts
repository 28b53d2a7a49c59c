import { defineConfig } from 'vitest/config';

// The tests start the built `x-mcp` as a child process and talk to it through the MCP SDK's own
// client; on a loaded 2-core machine a start can take seconds (the longest test, 11 s unloaded,
// may take ten times that at load 15). The limit is a hang guard, not a speed target.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
