// Test support (not built into dist): the built `x-mock` bin as a child process, resolved once it
// prints the URL it listens on. The wait is a hang guard, not a speed target: a loaded 2-core
// machine took over 15 s to start it (and replay its --data). A bin that does not print its URL in
// time, or exits first, is killed and the promise rejects with what it printed.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const bin = fileURLToPath(new URL('../../../dist/cli.js', import.meta.url));

/** How long a start may take before the test fails. */
export const START_GUARD_MS = 90_000;

export function startServe(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const fail = (error: Error): void => {
      clearTimeout(timer);
      child.off('exit', exited);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      reject(error);
    };
    const timer = setTimeout(() => fail(new Error(`no URL printed within ${START_GUARD_MS / 1000} s: ${out}`)), START_GUARD_MS);
    const take = (chunk: Buffer): void => {
      out += chunk.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        child.off('exit', exited);
        resolve({ child, url: m[1]! });
      }
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    const exited = (code: number | null): void => fail(new Error(`exited early with ${code}: ${out}`));
    child.once('exit', exited);
  });
}
