// Starts Prism in mock mode on the bundled spec (127.0.0.1, a free port) for the contract tests,
// waits until it answers, and stops it after the run. `--errors` turns request violations into
// error answers, so a request that does not match the spec fails its test.
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { onFreePort } from '../../../tools/test-support/free-port.ts';
import { specFile } from './spec-examples.js';

declare module 'vitest' {
  export interface ProvidedContext {
    prismUrl: string;
  }
}

// 120 s in all: a hang guard (a start of a few seconds may take ten times that on a loaded machine)
const READY_ATTEMPTS = 480;
const READY_INTERVAL_MS = 250;

function prismBin(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('@stoplight/prism-cli/package.json');
  return join(dirname(pkg), 'dist', 'index.js');
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  for (let attempt = 0; attempt < READY_ATTEMPTS; attempt++) {
    if (child.exitCode !== null) throw new Error(`Prism exited (${child.exitCode}):\n${output()}`);
    try {
      await fetch(`${url}/prediction/v1/trading-status`, { signal: AbortSignal.timeout(1_000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, READY_INTERVAL_MS));
    }
  }
  throw new Error(`Prism did not answer within ${(READY_ATTEMPTS * READY_INTERVAL_MS) / 1000} s:\n${output()}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // (a new port when another process took the one picked before Prism could bind it)
  const { child, url } = await onFreePort(start);
  project.provide('prismUrl', url);
  return () => stop(child);
}

async function start(port: number): Promise<{ child: ChildProcess; url: string }> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [prismBin(), 'mock', specFile, '-h', '127.0.0.1', '-p', String(port), '--errors', '-v', 'warn'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  try {
    await waitUntilReady(url, child, () => log);
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { child, url };
}
