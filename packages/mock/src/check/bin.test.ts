// Runs the built bin (dist/cli.js) as a process: `x-mock check` hands its exit code to the process.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { json, REFUSING_URL, startScriptedServer } from './test-support/scripted-server.js';

const bin = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

function runBin(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out, err })));
}

describe.runIf(existsSync(bin))('x-mock check (dist/cli.js)', () => {
  it('exits 1 on breaking drift, 0 when nothing could be reached, 2 on bad usage', async () => {
    const failing = await startScriptedServer((_req, res) => json(res, 500, { error: 'down' }));
    try {
      const broken = await runBin(['check', '--base-url', failing.url, '--api-key', 'k', '--delay', '0']);
      expect(broken.code).toBe(1);
      expect(broken.out).toMatch(/ 500 +breaking +breaking: status: server error 500/);
    } finally {
      await failing.close();
    }
    const refused = await runBin(['check', '--base-url', REFUSING_URL, '--delay', '0']);
    expect(refused.code).toBe(0);
    expect(refused.out).toContain('connection refused');
    const usage = await runBin(['check']);
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('usage: x-mock check');
  });
});
