// Generation step: the MSW handler factories use @x/types, never a second copy of the types.
// hey-api's msw plugin needs its typescript plugin, which writes src/gen/types.gen.ts; this checks
// that @x/types (generated from the same spec with the same options) exports every name
// msw.gen.ts imports, points the import at @x/types and deletes the copy.
// Usage: node tools/use-types-package.ts
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const genDir = fileURLToPath(new URL('../src/gen/', import.meta.url));
const mswFile = join(genDir, 'msw.gen.ts');
const copyFile = join(genDir, 'types.gen.ts');
/** The declarations @x/types publishes (its build runs before this package's generate step). */
const typesPackageFile = join(dirname(createRequire(import.meta.url).resolve('@x/types')), 'gen', 'types.gen.d.ts');
if (!existsSync(typesPackageFile)) throw new Error('@x/types is not built yet: run `pnpm --filter @x/types run build` first');

const IMPORT = /import type \{([^}]*)\} from '\.\/types\.gen\.js';/;
const msw = readFileSync(mswFile, 'utf8');
const match = IMPORT.exec(msw);
if (!match) throw new Error('use-types-package: msw.gen.ts does not import ./types.gen.js as expected');
const wanted = match[1]!
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const available = new Set([...readFileSync(typesPackageFile, 'utf8').matchAll(/^export (?:declare )?type (\w+)/gm)].map((m) => m[1]!));
const missing = wanted.filter((name) => !available.has(name));
if (missing.length > 0) {
  throw new Error(
    `use-types-package: @x/types does not export ${missing.join(', ')}; keep openapi-ts.config.ts on @x/types' typescript-plugin options`,
  );
}
writeFileSync(mswFile, msw.replace(IMPORT, `import type {${match[1]}} from '@x/types';`));
rmSync(copyFile, { force: true });
console.log(`use-types-package: msw.gen.ts imports ${wanted.length} types from @x/types; src/gen/types.gen.ts removed`);
