// An exact Node.js release for the consumer test, from npm's `node` package (the way the workspace
// gets its own Node 24), installed once into `.cache/node-<version>` and reused by later runs.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { root } from '../workspace.ts';

export interface NodeRuntime {
  readonly version: string;
  /** the `node` binary */
  readonly node: string;
  /** PATH with this runtime first (for the scripts and binaries it starts) */
  readonly path: string;
}

/** The machine's npm (the first one on PATH outside the workspace), as a script any Node can run. */
export function npmCli(): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir || dir.startsWith(root)) continue;
    const candidate = join(dir, 'npm');
    if (existsSync(candidate)) return join(dirname(realpathSync(candidate)), 'npm-cli.js');
  }
  throw new Error('npm is not on PATH');
}

export function nodeRuntime(version: string): NodeRuntime {
  const prefix = join(root, '.cache', `node-${version}`);
  const node = join(prefix, 'node_modules', 'node', 'bin', 'node');
  if (!existsSync(node)) {
    // installed beside and renamed into place: the release test and the runtime matrix may ask for
    // the same version at once, and neither may see the other's half-installed copy
    // (.cache is made by `npm test`; `npm run test:repo` in a checkout without it failed here)
    mkdirSync(dirname(prefix), { recursive: true });
    const staging = mkdtempSync(`${prefix}.installing-`);
    execFileSync(
      process.execPath,
      [
        npmCli(),
        'install',
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        '--prefix',
        staging,
        `node@${version}`,
      ],
      {
        stdio: 'pipe',
        timeout: 180_000,
      },
    );
    try {
      renameSync(staging, prefix);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(node)) throw error; // another process put the same version in place first: use it
    }
  }
  const actual = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  if (actual !== `v${version}`) throw new Error(`${node} is ${actual}, not v${version}`);
  return { version, node, path: `${dirname(realpathSync(node))}${delimiter}${process.env.PATH}` };
}

/** The lowest version an `engines.node` range such as `>=22.12` allows, as `22.12.0`. */
export function floorOf(range: string): string {
  const m = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  if (!m) throw new Error(`engines.node "${range}" is not a plain >= floor`);
  return `${m[1]}.${m[2] ?? 0}.${m[3] ?? 0}`;
}
