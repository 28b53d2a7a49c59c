// A server child that ignores SIGTERM does not hang the teardown that stops it, and one left running
// when the test process exits is killed then.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { startListening } from './listening-child.ts';
import { ownChild } from './own-child.ts';

/** A "server" that prints its URL and ignores SIGTERM. */
const stubborn = ['-e', "process.on('SIGTERM', () => {}); console.log('listening on http://127.0.0.1:9/'); setInterval(() => {}, 1000);"];

/** Whether a process runs (a zombie, killed and not yet reaped, does not). */
const alive = (pid: number): boolean => {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
};
/** Waits (bounded) for a killed process to be gone: the kill is sent, its delivery takes a moment. */
async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  return !alive(pid);
}

it('stops a child that ignores SIGTERM (startListening.close)', async () => {
  const server = await startListening(process.execPath, stubborn);
  await server.close();
  expect(server.child.signalCode).toBe('SIGKILL');
});

it('stops a detached child and its group', async () => {
  const child = spawn(process.execPath, stubborn, { detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
  const owned = ownChild(child, { group: true, graceMs: 100 });
  await new Promise((printed) => child.stdout!.once('data', printed)); // (its SIGTERM handler is in place)
  await owned.stop();
  expect(child.signalCode).toBe('SIGKILL');
  expect(await gone(child.pid!)).toBe(true);
});

it('kills a child still running when the process that owns it exits', async () => {
  // A process that starts a server child through ownChild, prints its pid and exits without stopping it.
  const script = `
    import { spawn } from 'node:child_process';
    import { ownChild } from ${JSON.stringify(new URL('./own-child.ts', import.meta.url).pathname)};
    const child = spawn(process.execPath, ${JSON.stringify(stubborn)}, { stdio: 'ignore' });
    ownChild(child);
    console.log(child.pid);
    process.exit(0);
  `;
  const pid = Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).trim());
  expect(pid).toBeGreaterThan(0);
  expect(await gone(pid)).toBe(true);
});
