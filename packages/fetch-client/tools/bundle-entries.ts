// Build step, after `tsc`: each entry of the package (index, sdk, validate, polite, waiters) becomes one ES module
// instead of a graph of tsc's files. A runtime loads each file of a graph separately: the index, the
// entry a cold start imports, is one file with nothing else to load (`pnpm run bench` measures the
// cold start). The error classes keep one identity across the entries: sdk and validate import them
// from the index (their module, lib/errors.js, is the index's and is never copied), and the build
// checks that the index exports every one of them. The declarations stay tsc's; the per-file
// JavaScript it wrote is removed.
//
// Internal state only (the client's log level, hooks and fixed headers, an attempt's time-out) has
// property names ending in `_` (`level_`, `timedOut_`): the build shortens them (esbuild's `mangleProps`, one cache for every
// entry so a name is the same everywhere), so they cost users' bundles one or two letters.
// Public options, results, errors, hook events and wire names never end in `_` and stay as
// they are; the declarations (tsc's) are not touched.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type BuildOptions, type Plugin, build } from 'esbuild';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
export const ENTRIES = ['index', 'validate', 'sdk', 'polite', 'waiters'];
/** The module whose exports (the error classes) the other entries import from the index. */
const sharedModule = join(dist, 'lib/errors.js');

/** tsc's JavaScript and source maps under `dir` (its declarations stay). */
function tscOutput(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.js(\.map)?$/.test(file))
    .map((file) => join(dir, file));
}

/** Resolves imports of the shared module to the built index, left an import. */
const fromIndex: Plugin = {
  name: 'errors-from-index',
  setup(build) {
    build.onResolve({ filter: /errors\.js$/ }, (args) =>
      join(args.resolveDir, args.path) === sharedModule ? { path: './index.js', external: true } : undefined,
    );
  },
};

const before = tscOutput(dist);
const options = {
  outdir: dist,
  entryNames: '[name]',
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  // The dependencies stay imports (valibot is a peer dependency; @x/types has no code).
  packages: 'external',
  sourcemap: true,
  allowOverwrite: true,
  metafile: true,
  logLevel: 'warning',
  mangleProps: /[a-z]_$/,
  mangleCache: {} as Record<string, string | false>,
} satisfies BuildOptions;
const entry = (name: string) => join(dist, `${name}.js`);
// The classes are read from tsc's module before the index is written over.
const classes = Object.keys(await import(pathToFileURL(sharedModule).href));
const first = await build({ ...options, entryPoints: [entry('index')] });
const results = [
  first,
  await build({
    ...options,
    entryPoints: ENTRIES.filter((name) => name !== 'index').map(entry),
    plugins: [fromIndex],
    mangleCache: first.mangleCache,
  }),
];
const index = await import(`${pathToFileURL(entry('index')).href}?built`);
const missing = classes.filter((name) => !(name in index));
if (missing.length)
  throw new Error(`bundle-entries: the index does not export ${missing.join(', ')}, which sdk and validate import from it`);
const written = new Set(results.flatMap((result) => Object.keys(result.metafile.outputs)).map((file) => join(process.cwd(), file)));
for (const file of before) if (!written.has(file)) rmSync(file);
console.log(`bundle-entries: ${ENTRIES.join(', ')} -> ${written.size / 2} modules in dist/`);
