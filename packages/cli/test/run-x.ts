// Runs the BUILT `x` (dist/bin.js) as a child process, as a user's shell would.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runX(
  args: string[],
  options: { env?: Record<string, string | undefined>; stdin?: string; shell?: string } = {},
): Promise<Run> {
  const env = { PATH: process.env.PATH, ...options.env };
  const child = options.shell
    ? spawn('sh', ['-c', options.shell], { env: { ...env, X_BIN: `${process.execPath} ${bin}` } })
    : spawn(process.execPath, [bin, ...args], { env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d));
  child.stderr.on('data', (d: Buffer) => (stderr += d));
  child.stdin.end(options.stdin ?? '');
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
