// publint and @arethetypeswrong/cli (--pack) on every public package: zero problems.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { publicPackages, toolEnv } from './workspace.ts';

function run(cmd: string, args: string[], cwd: string): { ok: boolean; out: string } {
  try {
    return { ok: true, out: execFileSync(cmd, args, { cwd, env: toolEnv, encoding: 'utf8', stdio: 'pipe' }) };
  } catch (e: any) {
    return { ok: false, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

describe.each(publicPackages.map((p) => [p.name, p] as const))('%s', (_name, pkg) => {
  it('passes publint (strict)', () => {
    const r = run('publint', ['run', '--strict', '--pack', 'pnpm'], pkg.dir);
    expect(r.out).not.toMatch(/Warnings:|Errors:|Suggestions:/);
    expect(r.ok, r.out).toBe(true);
  });

  it('passes arethetypeswrong on the packed tarball (ESM-only profile)', () => {
    const r = run('attw', ['--pack', '.', '--profile', 'esm-only', '--format', 'ascii'], pkg.dir);
    expect(r.ok, r.out).toBe(true);
  });
});
