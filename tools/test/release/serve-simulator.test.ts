// serveSimulator never leaves a server behind: one that does not start in time is stopped before
// the error is thrown (a test that timed out used to leave `x-mock serve` running).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { serveSimulator } from './serve-simulator.ts';

const projects: string[] = [];
afterEach(() => {
  for (const project of projects.splice(0)) rmSync(project, { recursive: true, force: true });
});

/** A project whose `x-mock` writes its pid and then never says it listens. */
function silentProject(): { project: string; pidFile: string } {
  const project = mkdtempSync(join(tmpdir(), 'serve-simulator-'));
  projects.push(project);
  const dist = join(project, 'node_modules', '@x', 'mock', 'dist');
  mkdirSync(dist, { recursive: true });
  const pidFile = join(project, 'pid');
  writeFileSync(
    join(dist, 'cli.js'),
    `require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); setInterval(() => {}, 1000);\n`,
  );
  return { project, pidFile };
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it('a server that does not start in time is stopped, then the error is thrown', async () => {
  const { project, pidFile } = silentProject();
  await expect(serveSimulator(project, { startTimeoutMs: 1_500 })).rejects.toThrow(/did not start/);
  const pid = Number(readFileSync(pidFile, 'utf8'));
  expect(pid).toBeGreaterThan(0);
  expect(alive(pid)).toBe(false);
});
