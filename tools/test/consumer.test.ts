// The consumer test: pack every public package, install the tarballs with plain npm into a
// temporary project outside the workspace, type-check a small program with strict tsc, run it on
// the machine's own Node (20 on a fresh machine), and see it work.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicPackages, root, toolEnv } from './workspace.ts';

const work = mkdtempSync(join(tmpdir(), 'x-consumer-'));
const tarballs = join(work, 'tarballs');
const project = join(work, 'project');
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The first `node` on PATH outside the workspace: the machine's own runtime. */
function machineNode(): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir || dir.startsWith(root)) continue;
    const candidate = join(dir, 'node');
    if (existsSync(candidate)) return candidate;
  }
  return process.execPath;
}

function sh(cmd: string, args: string[], cwd: string, timeout = 240_000): string {
  try {
    return execFileSync(cmd, args, { cwd, env: toolEnv, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout });
  } catch (e: any) {
    throw new Error(`${cmd} ${args.join(' ')} failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`.slice(0, 4000));
  }
}

beforeAll(() => {
  mkdirSync(tarballs, { recursive: true });
  mkdirSync(project, { recursive: true });
  for (const pkg of publicPackages) sh('pnpm', ['pack', '--pack-destination', tarballs], pkg.dir);
}, 300_000);

describe('consumer project outside the workspace', () => {
  it('packs one tarball per public package', () => {
    expect(readdirSync(tarballs).filter((f) => f.endsWith('.tgz'))).toHaveLength(publicPackages.length);
  });

  it('installs the tarballs with plain npm', () => {
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'x-consumer', private: true, type: 'module' }, null, 2));
    const files = readdirSync(tarballs).map((f) => join(tarballs, f));
    sh('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...files], project);
    for (const pkg of publicPackages) expect(existsSync(join(project, 'node_modules', pkg.name, 'package.json')), pkg.name).toBe(true);
    // nothing of the workspace leaked in: the packages resolve inside the project
    expect(existsSync(join(project, 'node_modules', '@x', 'spec'))).toBe(false);
  });

  it('type-checks a strict program against the installed packages', () => {
    for (const f of ['main.ts', 'tsconfig.json']) copyFileSync(join(root, 'tools', 'test', 'consumer', f), join(project, f));
    sh(join(root, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], project);
    expect(existsSync(join(project, 'dist', 'main.js'))).toBe(true);
  });

  it(`runs on the machine's own Node`, () => {
    const node = machineNode();
    const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
    const out = execFileSync(node, [join(project, 'dist', 'main.js')], { cwd: project, encoding: 'utf8', stdio: 'pipe', timeout: 60_000 });
    expect(out, `on ${version}`).toMatch(/^order: router_\w+ 40000000 -> \d+, fee payer taker$/m);
    expect(out).toContain('swap: Success code 0');
    expect(out).toMatch(/prediction: \d+ sports events, first market (open|closed|cancelled)/);
    expect(out).toContain('consumer: ok');
  });
});
