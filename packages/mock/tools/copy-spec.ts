// Copies build inputs into src/gen/ (git-ignored):
//   @x/openapi/openapi.json       -> src/gen/openapi.json  (the bundled spec, input of openapi-ts and
//                                                          gen-fixtures; the simulator reads it
//                                                          through @x/openapi/reader at run time)
//   packages/docs/dist/index.html -> src/gen/docs.html     (the offline docs site; optional)
// With --dist it copies src/gen/docs.html to dist/gen/docs.html after `tsc` (tsc copies only the
// JSON it imports), so the published CLI can serve /docs, and makes dist/cli.js executable.
// Usage: node tools/copy-spec.ts [--dist]
import { chmodSync, copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const genDir = join(root, 'src', 'gen');

function copy(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(from, to);
  console.log(`copy-spec: ${from} -> ${to}`);
}

if (process.argv.includes('--dist')) {
  const docs = join(genDir, 'docs.html');
  const target = join(root, 'dist', 'gen', 'docs.html');
  if (existsSync(docs)) copy(docs, target);
  else rmSync(target, { force: true });
  // The bin: executable when run from a checkout (package managers set the bit on install).
  const bin = join(root, 'dist', 'cli.js');
  if (existsSync(bin)) chmodSync(bin, 0o755);
} else {
  const spec = createRequire(import.meta.url).resolve('@x/openapi/openapi.json');
  if (!existsSync(spec)) {
    console.error(`copy-spec: ${spec} is missing; build @x/openapi first (\`pnpm exec turbo run build --filter=@x/openapi\`)`);
    process.exit(1);
  }
  copy(spec, join(genDir, 'openapi.json'));
  const docs = join(root, '..', 'docs', 'dist', 'index.html');
  if (existsSync(docs)) copy(docs, join(genDir, 'docs.html'));
  else console.log(`copy-spec: ${docs} not built; /docs will answer 404 (build it with \`pnpm --filter @x/docs run build\`)`);
}
