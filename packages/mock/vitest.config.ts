import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { LongFirstSequencer } from './tools/long-first-sequencer.ts';

// The end-to-end test drives @x/fetch-client; use its build when present (CI builds it first),
// else its sources.
const fetchClientDist = fileURLToPath(new URL('../fetch-client/dist/index.js', import.meta.url));
const fetchClientSrc = fileURLToPath(new URL('../fetch-client/src/index.ts', import.meta.url));
const alias: Record<string, string> = existsSync(fetchClientDist) ? {} : { '@x/fetch-client': fetchClientSrc };

// The floor of msw's peer range, installed as the `msw-floor` devDependency (`npm:msw@<floor>`).
const mswFloor = /^npm:msw@(.+)$/.exec(
  (JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')) as { devDependencies: Record<string, string> })
    .devDependencies['msw-floor'] ?? '',
)?.[1];
if (!mswFloor) throw new Error('package.json: devDependencies["msw-floor"] must be npm:msw@<the floor of the msw peer range>');

export default defineConfig({
  resolve: { alias },
  test: {
    // Hang guards, not speed targets: a loaded 2-core CI machine (load 15, turbo running every
    // package's tests at once) ran a test that starts the bin three times ten times slower (30 s).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One worker per project runs its files one after another, reusing the modules they share (the
    // simulator, the spec, ajv) instead of a fresh worker and import per file: the tests hold no
    // module state between files (each builds its own simulator, servers and MSW server, and closes
    // them), and pass in shuffled order (`--sequence.shuffle.files`).
    isolate: false,
    // At least two workers (vitest's default is one fewer than the cores: one on a 2-core CI machine,
    // whose second core then idles once the other packages' tests are done), the longest files first.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts', 'tools/**/*.test.ts'] },
      },
      {
        extends: true,
        // The MSW handlers' tests again, on the floor of the msw peer range: `msw` and `msw/*` resolve to `msw-floor`.
        resolve: { alias: [{ find: /^msw(?=\/|$)/, replacement: 'msw-floor' }] },
        test: { name: 'msw-floor', include: ['src/msw/handlers.test.ts'], env: { X_MSW_VERSION: mswFloor } },
      },
      {
        extends: true,
        test: {
          name: 'contract',
          include: ['test/contract/**/*.test.ts'],
          // Starts `prism mock` on a free port (the test file starts the simulator and a `prism proxy` in front of it).
          globalSetup: ['test/contract/prism-global-setup.ts'],
          testTimeout: 120_000,
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
        test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], testTimeout: 120_000 },
      },
      {
        extends: true,
        // Debian's Chromium (tools/browser): the built dist bundled by esbuild into a page on 127.0.0.1.
        test: { name: 'browser', include: ['test/browser/**/*.test.ts'], testTimeout: 60_000 },
      },
    ],
  },
});
