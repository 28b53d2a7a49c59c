// Starts Prism in mock mode on the bundled spec (127.0.0.1, a free port) for the contract tests,
// ready once proven to be ours serving the bundled spec (tools/test-support/prism.ts), and stops it
// after the run. `--errors` turns request violations into error answers, so a request that does not
// match the spec fails its test.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { onFreePort } from '../../../tools/test-support/free-port.ts';
import { startPrism } from '../../../tools/test-support/prism.ts';
import { specFile } from './spec-examples.js';

declare module 'vitest' {
  export interface ProvidedContext {
    prismUrl: string;
  }
}

function prismBin(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('@stoplight/prism-cli/package.json');
  return join(dirname(pkg), 'dist', 'index.js');
}

// A documented call: with `--errors` Prism answers the first 200 example only when it serves this spec.
const probe = { path: '/prediction/v1/trading-status', headers: { 'x-api-key': 'readiness-check' }, status: 200 };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // (a new port when another process took the one picked before Prism could bind it)
  const prism = await onFreePort((port) =>
    startPrism(process.execPath, [prismBin(), 'mock', specFile, '-h', '127.0.0.1', '-p', String(port), '--errors'], { port, probe }),
  );
  project.provide('prismUrl', prism.url);
  return () => prism.stop();
}
