// The runtime matrix's project, as a user gets it: every public package packed with `pnpm pack`
// (workspace and catalog versions resolved, as published), installed from the tarballs by npm into
// a fresh project outside the workspace (npm `overrides` point the packages' dependencies on each
// other at the same tarballs), with the optional peers the consumer uses (valibot for response
// validation, msw for `@x/mock/msw`) and the peers of `@x/react-query` (react, @tanstack/react-query)
// at the versions the workspace tests with. The consumer program, with its import map of every entry
// (entries-module.ts), is then type-checked and compiled there with strict tsc, so its bare imports
// resolve the way a user's do.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { npmCli } from '../release/node-runtime.ts';
import { catalog, publicPackages, root, toolEnv } from '../workspace.ts';
import { entriesModule } from './entries-module.ts';
import { ENTRIES } from './rows.ts';

const node24 = join(root, 'node_modules', '.bin', 'node');
const consumerSources = join(root, 'tools', 'test', 'runtimes', 'consumer');
/** tools/browser/expose.ts goes along: the page entry hands its scenario to the browser test helper with it. */
const exposeSource = join(root, 'tools', 'browser', 'expose.ts');

function sh(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = toolEnv): string {
  try {
    return execFileSync(cmd, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 180_000 });
  } catch (e: any) {
    throw new Error(`${cmd} ${args.join(' ')} failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`.slice(0, 4000));
  }
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

/** The version of an optional peer the consumer installs: the exact one a package of the workspace tests with. */
function peerVersion(name: string): string {
  if (catalog[name]) return catalog[name]!;
  for (const pkg of publicPackages) {
    const version = pkg.json.devDependencies?.[name];
    if (typeof version === 'string' && /^\d/.test(version)) return version;
  }
  throw new Error(`no exact version of ${name} in the workspace`);
}

/** Packs every public package into `<work>/packed`; returns the tarball of each package, relative to `work`. */
function packAll(work: string): Record<string, string> {
  const packed = join(work, 'packed');
  mkdirSync(packed, { recursive: true });
  for (const pkg of publicPackages) sh('pnpm', ['pack', '--pack-destination', packed], pkg.dir);
  const files = readdirSync(packed);
  return Object.fromEntries(
    publicPackages.map((pkg) => {
      const file = files.find((f) => f === `${pkg.name.replace('@', '').replace('/', '-')}-${pkg.json.version}.tgz`);
      if (!file) throw new Error(`pnpm pack left no tarball for ${pkg.name} in ${packed}: ${files.join(', ')}`);
      return [pkg.name, `file:packed/${file}`];
    }),
  );
}

/** Packs, installs and compiles; returns the project directory (its `dist/` holds the compiled consumer). */
export function installProject(work: string): string {
  const tarballs = packAll(work);
  const project = work;
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify(
      {
        name: 'x-runtime-matrix',
        private: true,
        type: 'module',
        dependencies: {
          ...tarballs,
          ...Object.fromEntries(['valibot', 'msw', 'react', '@tanstack/react-query'].map((name) => [name, peerVersion(name)])),
        },
        // the packages' dependencies on each other resolve to the same tarballs, never to a registry
        overrides: Object.fromEntries(Object.keys(tarballs).map((name) => [name, `$${name}`])),
      },
      null,
      2,
    ),
  );
  sh(node24, [npmCli(), 'install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], project, {
    ...toolEnv,
    npm_config_update_notifier: 'false',
  });
  for (const pkg of publicPackages) {
    const installed = readJson(join(project, 'node_modules', pkg.name, 'package.json'));
    if (installed.version !== pkg.json.version) throw new Error(`${pkg.name}: installed ${installed.version}, packed ${pkg.json.version}`);
  }
  for (const file of readdirSync(consumerSources)) copyFileSync(join(consumerSources, file), join(project, file));
  copyFileSync(exposeSource, join(project, 'expose.ts'));
  writeFileSync(join(project, 'entries.ts'), entriesModule(ENTRIES));
  sh(join(root, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], project);
  return project;
}
