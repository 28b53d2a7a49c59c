// A server started as a child process, resolved once it prints the URL it listens on
// (`listening on http://…`, as `x-mock serve` does). The wait is a hang guard, not a speed target: a
// loaded 2-core machine took over 15 s to start one. A child that does not print its URL in time is
// killed and, once it has exited, the promise rejects with what it printed; so does one that exits
// first. One still running when the test process exits is killed then: no test leaves a server behind
// (own-child.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { ownChild } from './own-child.ts';

/** How long a start may take before it fails (ms). */
export const START_GUARD_MS = 90_000;

export interface ListeningChild {
  child: ChildProcess;
  url: string;
  /** Stops it (SIGTERM, SIGKILL after 3 s) and waits for its exit. */
  close(): Promise<void>;
}

export function startListening(
  command: string,
  args: readonly string[],
  { cwd, guardMs = START_GUARD_MS }: { cwd?: string; guardMs?: number } = {},
): Promise<ListeningChild> {
  const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const { stop: close } = ownChild(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      child.kill('SIGKILL');
    }, guardMs);
    const early = (): void => {
      clearTimeout(timer);
      const why = late ? `did not start in time (no URL printed within ${guardMs / 1000} s), stopped` : 'exited before printing its URL';
      reject(new Error(`${args.join(' ')}: ${why}:\n${out}`));
    };
    const take = (chunk: Buffer): void => {
      out += chunk.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      child.off('exit', early);
      child.stdout!.off('data', take);
      child.stderr!.off('data', take);
      resolve({ child, url: m[1]!, close });
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    child.once('exit', early);
  });
}
