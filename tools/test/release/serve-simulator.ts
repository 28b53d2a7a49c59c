// `x-mock serve --port 0` from a project's installed @x/mock, on the workspace's Node 24: the
// simulator the release test and the runtime matrix call over HTTP on 127.0.0.1.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { root } from '../workspace.ts';

const node24 = join(root, 'node_modules', '.bin', 'node');

/** Starts it; resolves once it prints its URL. */
export async function serveSimulator(project: string): Promise<{ url: string; close(): Promise<void> }> {
  const child: ChildProcess = spawn(node24, [join(project, 'node_modules', '@x', 'mock', 'dist', 'cli.js'), 'serve', '--port', '0'], {
    cwd: project,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`x-mock serve did not start:\n${out}`)), 30_000);
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
    child.once('exit', () => reject(new Error(`x-mock serve exited:\n${out}`)));
  });
  return {
    url,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
