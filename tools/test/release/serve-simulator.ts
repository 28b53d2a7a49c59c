// `x-mock serve --port 0` from a project's installed @x/mock, on the workspace's Node 24: the
// simulator the release test and the runtime matrix call over HTTP on 127.0.0.1.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { root } from '../workspace.ts';

const node24 = join(root, 'node_modules', '.bin', 'node');

/**
 * Starts it; resolves once it prints its URL. One that does not within `startTimeoutMs` (or exits)
 * is stopped before the error is thrown, and one still running when this process exits is stopped
 * then: no test leaves a server behind.
 */
export async function serveSimulator(
  project: string,
  options: { startTimeoutMs?: number } = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const child: ChildProcess = spawn(node24, [join(project, 'node_modules', '@x', 'mock', 'dist', 'cli.js'), 'serve', '--port', '0'], {
    cwd: project,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  const stopAtExit = () => child.kill('SIGKILL');
  process.once('exit', stopAtExit);
  void exited.then(() => process.off('exit', stopAtExit));
  let out = '';
  let late = false;
  const url = await new Promise<string>((resolve, reject) => {
    // Too late: stopped, and the error thrown once it has exited (below). (The default is a hang
    // guard: at load 15 the bin took over 15 s to start.)
    const timer = setTimeout(() => {
      late = true;
      void stop();
    }, options.startTimeoutMs ?? 90_000);
    const onData = (d: Buffer) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`x-mock serve ${late ? 'did not start in time, stopped' : 'exited'}:\n${out}`));
    });
  });
  return { url, close: stop };
}
