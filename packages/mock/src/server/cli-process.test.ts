// Runs the built bin (dist/cli.js) as a process: prints its URL, serves, exits cleanly on SIGTERM.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bin, START_GUARD_MS, startServe } from './test-support/serve-process.js';

describe.runIf(existsSync(bin))('x-mock bin (dist/cli.js)', () => {
  it('serves until SIGTERM, then exits 0', { timeout: 30_000 + START_GUARD_MS }, async () => {
    const { child, url } = await startServe(['serve', '--port', '0', '--clock', 'manual']);
    try {
      const res = await fetch(`${url}/prediction/v1/trading-status`, { headers: { 'x-api-key': 'k' } });
      expect(await res.json()).toEqual({ trading_active: true });
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('exits 2 with the usage on a bad command', async () => {
    const child = spawn(process.execPath, [bin, 'bogus'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(err).toContain('usage: x-mock serve');
  });
});
