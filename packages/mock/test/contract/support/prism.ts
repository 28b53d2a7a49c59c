// Starts and stops Prism 5 (`prism mock` / `prism proxy`) as a child process on 127.0.0.1.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const prismBin = fileURLToPath(new URL('../../../../../node_modules/.bin/prism', import.meta.url));

export interface PrismProcess {
  url: string;
  child: ChildProcess;
  /** Output so far (for error messages). */
  log(): string;
  stop(): Promise<void>;
}

async function waitUntilListening(url: string, child: ChildProcess, log: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`prism exited with ${child.exitCode}:\n${log()}`);
    if (/Prism is listening/.test(log())) return;
    try {
      await fetch(url, { signal: AbortSignal.timeout(500) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  throw new Error(`prism did not listen on ${url} within ${timeoutMs} ms:\n${log()}`);
}

/** `prism <mode> <args>` on a given port; resolves once it listens. */
// (the default limit is a hang guard: a start of a few seconds may take ten times that on a loaded machine)
export async function startPrism(mode: 'mock' | 'proxy', args: string[], port: number, timeoutMs = 120_000): Promise<PrismProcess> {
  if (!existsSync(prismBin)) throw new Error(`prism not found at ${prismBin}`);
  const child = spawn(prismBin, [mode, '-h', '127.0.0.1', '-p', String(port), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  let output = '';
  const append = (chunk: Buffer): void => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const url = `http://127.0.0.1:${port}`;
  const log = (): string => output;
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // detached: the CLI runs in its own process group; end the whole group (and only it).
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
    const timer = setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, 3000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitUntilListening(url, child, log, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, child, log, stop };
}
