import { defineConfig } from 'vitest/config';
import { longFirstSequencer } from './test-support/long-first-sequencer.ts';

/**
 * The longest-running files (a fresh clone's CI run: release 222 s, runtime matrix 135 s, publish
 * lint 87 s; every other file under 20 s) start first. In vitest's order on a fresh clone (by file
 * size) the publish lint started after the release test, on one worker while the other idled.
 */
export const FIRST = ['test/release.test.ts', 'test/runtime-matrix.test.ts', 'test/publish-lint.test.ts'];

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'spec-evolution/**/*.test.ts', 'test-support/**/*.test.ts', '*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // Two files at a time: the release test mostly waits on the registry and npm, the others use
    // the CPU. Each test works in its own temporary directory and ports.
    fileParallelism: true,
    maxWorkers: 2,
    sequence: { sequencer: longFirstSequencer(import.meta.dirname, FIRST) },
  },
});
