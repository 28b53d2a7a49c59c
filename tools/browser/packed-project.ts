// A browser test's project, as a user gets it: the workspace packages a page imports (and their
// `workspace:` dependencies, transitively) packed with `pnpm pack`, installed from the tarballs by
// npm into a fresh folder outside the workspace, with other dependencies (peers) at exact versions.
// The page entry is copied there, so that esbuild resolves its imports the way a user's bundler does.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { npmCli } from '../test/release/node-runtime.ts';
import { publicPackages, root, toolEnv } from '../test/workspace.ts';

export interface PackedProjectOptions {
  /** Prefix of the project's folder name. */
  readonly name: string;
  /** The workspace packages the page imports. */
  readonly packages: readonly string[];
  /** Other dependencies, name → exact version (or `npm:<name>@<version>` for an alias). */
  readonly dependencies: Readonly<Record<string, string>>;
  /** The page entry; its import of `tools/browser/expose.ts` is pointed at a copy beside it. */
  readonly entry: URL;
}

function sh(cmd: string, args: string[], cwd: string): void {
  try {
    execFileSync(cmd, args, {
      cwd,
      env: { ...toolEnv, npm_config_update_notifier: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 240_000,
    });
  } catch (e: unknown) {
    const { stdout, stderr } = e as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`${cmd} ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`.slice(0, 4000));
  }
}

/** The workspace packages `names` need at run time, themselves included. */
function closure(names: readonly string[]): typeof publicPackages {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const pkg = publicPackages.find((p) => p.name === name);
    if (!pkg) throw new Error(`${name} is not a public package of the workspace`);
    for (const [dep, range] of Object.entries<string>({ ...pkg.json.dependencies, ...pkg.json.peerDependencies }))
      if (range.startsWith('workspace:')) visit(dep);
  };
  for (const name of names) visit(name);
  return publicPackages.filter((p) => seen.has(p.name));
}

/** Packs and installs; returns the project folder (remove it when done), which holds the entry under its own name and `expose.ts`. */
export function installPackedProject({ name, packages, dependencies, entry }: PackedProjectOptions): string {
  const project = mkdtempSync(join(tmpdir(), `${name}-`));
  const packed = join(project, 'packed');
  mkdirSync(packed);
  const workspacePackages = closure(packages);
  for (const pkg of workspacePackages) sh('pnpm', ['pack', '--pack-destination', packed], pkg.dir);
  const files = readdirSync(packed);
  const tarballs = Object.fromEntries(
    workspacePackages.map((pkg) => {
      const file = files.find((f) => f === `${pkg.name.replace('@', '').replace('/', '-')}-${pkg.json.version}.tgz`);
      if (!file) throw new Error(`pnpm pack left no tarball for ${pkg.name}: ${files.join(', ')}`);
      return [pkg.name, `file:packed/${file}`];
    }),
  );
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({
      name,
      private: true,
      type: 'module',
      dependencies: { ...tarballs, ...dependencies },
      overrides: Object.fromEntries(Object.keys(tarballs).map((pkg) => [pkg, `$${pkg}`])),
    }),
  );
  sh(
    join(root, 'node_modules', '.bin', 'node'),
    [npmCli(), 'install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
    project,
  );
  const entryFile = fileURLToPath(entry);
  const source = readFileSync(entryFile, 'utf8').replace(/'(?:\.\.\/)+tools\/browser\/expose\.ts'/, "'./expose.ts'");
  writeFileSync(join(project, entryFile.slice(entryFile.lastIndexOf('/') + 1)), source);
  copyFileSync(new URL('./expose.ts', import.meta.url), join(project, 'expose.ts'));
  return project;
}
