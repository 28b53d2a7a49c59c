// The lifetime of a server child process a test started: `stop()` ends it (SIGTERM, then SIGKILL
// when it is still there after `graceMs`: a child that ignores SIGTERM must not hang a teardown) and
// resolves once it has exited; one still running when the test process exits is killed then, so no
// test leaves a server behind. `group`: the child was spawned `detached` and its whole process group
// (`npx` and what it started, a server's workers) is signalled, and only it.
import type { ChildProcess } from 'node:child_process';

export interface OwnedChild {
  /** Resolves once the child has exited. */
  exited: Promise<void>;
  stop(): Promise<void>;
}

export function ownChild(child: ChildProcess, { group = false, graceMs = 3000 }: { group?: boolean; graceMs?: number } = {}): OwnedChild {
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const running = (): boolean => child.exitCode === null && child.signalCode === null;
  const signal = (name: NodeJS.Signals): void => {
    if (!running()) return;
    try {
      if (group && child.pid) process.kill(-child.pid, name);
      else child.kill(name);
    } catch {
      child.kill(name);
    }
  };
  const killAtExit = (): void => signal('SIGKILL');
  process.once('exit', killAtExit);
  void exited.then(() => process.off('exit', killAtExit));
  const stop = async (): Promise<void> => {
    if (!running()) return exited;
    signal('SIGTERM');
    const timer = setTimeout(() => signal('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };
  return { exited, stop };
}
