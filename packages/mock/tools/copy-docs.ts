// Copies the offline docs site into the package (the spec itself comes from @x/openapi):
//   packages/docs/dist/index.html -> src/gen/docs.html     (optional; git-ignored)
// With --dist it copies src/gen/docs.html to dist/gen/docs.html after `tsc`, so the published CLI
// can serve /docs, and makes dist/cli.js executable.
// Usage: node tools/copy-docs.ts [--dist]
import { chmodSync, copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const genDir = join(root, 'src', 'gen');

function copy(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(from, to);
  console.log(`copy-docs: ${from} -> ${to}`);
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
  const docs = join(root, '..', 'docs', 'dist', 'index.html');
  if (existsSync(docs)) copy(docs, join(genDir, 'docs.html'));
  else console.log(`copy-docs: ${docs} not built; /docs will answer 404 (build it with \`pnpm --filter @x/docs run build\`)`);
}
