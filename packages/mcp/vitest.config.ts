import { defineConfig } from 'vitest/config';

// The tests start the built `x-mcp` as a child process and talk to it through the MCP SDK's own
// client; on a loaded 2-core machine a start can take a few seconds. The limit is a hang guard.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
