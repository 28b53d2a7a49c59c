// Test support (not built into dist): the built `x-mock` bin as a child process, resolved once it
// prints the URL it listens on (the repo's `startListening`: a hang guard, the bin killed when it
// does not start in time or exits first).
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { START_GUARD_MS, startListening } from '../../../../../tools/test-support/listening-child.ts';

export { START_GUARD_MS };

export const bin = fileURLToPath(new URL('../../../dist/cli.js', import.meta.url));

export async function startServe(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const { child, url } = await startListening(process.execPath, ['--disable-warning=ExperimentalWarning', bin, ...args]);
  return { child, url };
}
