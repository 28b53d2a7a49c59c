// Runs the built bin (dist/cli.js) as a process: prints its URL, serves, exits cleanly on SIGTERM.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

describe.runIf(existsSync(bin))('x-mock bin (dist/cli.js)', () => {
  it('serves until SIGTERM, then exits 0', async () => {
    const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--clock', 'manual'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error(`no URL printed: ${out}`)), 15_000);
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const m = /listening on (http:\/\/\S+)/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]!);
          }
        });
        child.once('exit', (code) => reject(new Error(`exited early with ${code}: ${out}`)));
      });
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
