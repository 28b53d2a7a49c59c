// The build inputs of @x/openapi: the bundle the `spec` workspace package writes with its `bundle`
// task (spec/dist/openapi.json and .yaml). The spec is needed at build time only.
//   node tools/copy-bundle.ts          spec/dist/openapi.{json,yaml} -> src/gen/ (git-ignored)
//   node tools/copy-bundle.ts --dist   src/gen/openapi.{json,yaml} -> dist/gen/ (after tsc, which re-indents
//                                      the JSON it imports: the published file is the bundle byte for byte)
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const genDir = join(root, 'src', 'gen');

function copy(from: string, to: string): void {
  if (!existsSync(from)) {
    console.error(`copy-bundle: ${from} is missing; run \`pnpm --filter @x/spec run bundle\` first`);
    process.exit(1);
  }
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(from, to);
}

if (process.argv.includes('--dist')) {
  for (const file of ['openapi.json', 'openapi.yaml']) copy(join(genDir, file), join(root, 'dist', 'gen', file));
} else {
  const bundle = join(root, '..', '..', 'spec', 'dist');
  for (const file of ['openapi.json', 'openapi.yaml']) copy(join(bundle, file), join(genDir, file));
}
