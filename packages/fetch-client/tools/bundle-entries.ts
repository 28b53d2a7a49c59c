// Build step, after `tsc`: each entry of the package (index, sdk, validate) becomes one ES module
// (shared code in one chunk, so the error classes stay one identity across entries) instead of a
// graph of 17 files. A runtime loads each file of a graph separately: bundled, importing the client
// takes about a third of the time on Node (`pnpm run bench` measures the cold start). The
// declarations stay tsc's; the per-file JavaScript it wrote is removed.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
// (In this order the whole client, bundled again by a user's bundler, gzips 18 B smaller than with
// sdk before validate: the bench holds it to 4,500 B.)
export const ENTRIES = ['index', 'validate', 'sdk'];

/** tsc's JavaScript and source maps under `dir` (its declarations stay). */
function tscOutput(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.js(\.map)?$/.test(file))
    .map((file) => join(dir, file));
}

const before = tscOutput(dist);
const result = await build({
  entryPoints: ENTRIES.map((name) => join(dist, `${name}.js`)),
  outdir: dist,
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  // The dependencies stay imports (valibot is a peer dependency; @x/types has no code).
  packages: 'external',
  sourcemap: true,
  allowOverwrite: true,
  metafile: true,
  logLevel: 'warning',
});
const written = new Set(Object.keys(result.metafile.outputs).map((file) => join(process.cwd(), file)));
for (const file of before) if (!written.has(file)) rmSync(file);
console.log(`bundle-entries: ${ENTRIES.join(', ')} -> ${written.size / 2} modules in dist/`);
