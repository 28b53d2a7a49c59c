// `x-mock serve --port 0` from a project's installed @x/mock, on the workspace's Node 24: the
// simulator the release test and the runtime matrix call over HTTP on 127.0.0.1.
import { join } from 'node:path';
import { startListening } from '../../test-support/listening-child.ts';
import { root } from '../workspace.ts';

const node24 = join(root, 'node_modules', '.bin', 'node');

/**
 * Starts it; resolves once it prints its URL. One that does not within `startTimeoutMs` (or exits)
 * is stopped before the error is thrown, and one still running when this process exits is stopped
 * then (see `startListening`).
 */
export async function serveSimulator(
  project: string,
  options: { startTimeoutMs?: number } = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const cli = join(project, 'node_modules', '@x', 'mock', 'dist', 'cli.js');
  const { url, close } = await startListening(node24, [cli, 'serve', '--port', '0'], { cwd: project, guardMs: options.startTimeoutMs });
  return { url, close };
}
