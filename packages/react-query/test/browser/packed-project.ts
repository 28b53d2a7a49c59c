// The browser test's project, as a user gets it: @x/react-query and the workspace packages it and
// the page need (their `workspace:` dependencies, transitively) packed with `pnpm pack`, installed
// from the tarballs by npm into a fresh folder outside the workspace, with the peers at the exact
// versions this package is tested with (react, react-dom, @tanstack/react-query, msw). The page
// entry is copied there, so that esbuild resolves its imports the way a user's bundler does.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { npmCli } from '../../../../tools/test/release/node-runtime.ts';
import { catalog, publicPackages, root, toolEnv } from '../../../../tools/test/workspace.ts';

const here = new URL('./', import.meta.url);
const self = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  devDependencies: Record<string, string>;
};

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

/** The exact version this package tests a peer with. */
const pinned = (name: string) => catalog[name] ?? self.devDependencies[name]!;

/** Packs and installs; returns the project folder (remove it when done), which holds `page-entry.ts` and `expose.ts`. */
export function installPackedProject(): string {
  const project = mkdtempSync(join(tmpdir(), 'x-react-query-browser-'));
  const packed = join(project, 'packed');
  mkdirSync(packed);
  const packages = closure(['@x/react-query', '@x/mock']);
  for (const pkg of packages) sh('pnpm', ['pack', '--pack-destination', packed], pkg.dir);
  const files = readdirSync(packed);
  const tarballs = Object.fromEntries(
    packages.map((pkg) => {
      const file = files.find((f) => f === `${pkg.name.replace('@', '').replace('/', '-')}-${pkg.json.version}.tgz`);
      if (!file) throw new Error(`pnpm pack left no tarball for ${pkg.name}: ${files.join(', ')}`);
      return [pkg.name, `file:packed/${file}`];
    }),
  );
  const peers = ['react', 'react-dom', '@tanstack/react-query', 'msw'];
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({
      name: 'x-react-query-browser',
      private: true,
      type: 'module',
      dependencies: { ...tarballs, ...Object.fromEntries(peers.map((name) => [name, pinned(name)])) },
      overrides: Object.fromEntries(Object.keys(tarballs).map((name) => [name, `$${name}`])),
    }),
  );
  sh(
    join(root, 'node_modules', '.bin', 'node'),
    [npmCli(), 'install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
    project,
  );
  // The entry imports the test helper from the repository; in the project it sits beside it.
  const entry = readFileSync(new URL('page-entry.ts', here), 'utf8').replace("'../../../../tools/browser/expose.ts'", "'./expose.ts'");
  writeFileSync(join(project, 'page-entry.ts'), entry);
  copyFileSync(new URL('../../../../tools/browser/expose.ts', here), join(project, 'expose.ts'));
  return project;
}
