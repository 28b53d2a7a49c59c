// Type-check time of strict consumer programs: an empty one, one that only creates the client,
// and one that calls every operation with arguments from the spec's examples. Written to
// node_modules/.cache (ignored), checked with this package's TypeScript, best of a few runs.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { operationCases } from '../test/spec-examples.ts';

const work = fileURLToPath(new URL('../node_modules/.cache/x-fetch-client-bench/', import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/lib/tsc.js');

const programs: Record<string, string> = {
  'empty program': 'export {};\n',
  'createClient only': [
    "import { createClient } from '../../../../dist/index.js';",
    "export const x = createClient({ baseUrl: 'http://localhost:4010', apiKey: 'k' });",
    '',
  ].join('\n'),
  'every operation (38 calls)': [
    "import { createClient } from '../../../../dist/index.js';",
    "const x = createClient({ baseUrl: 'http://localhost:4010', apiKey: 'k' });",
    'export async function main(): Promise<unknown[]> {',
    '  const out: unknown[] = [];',
    ...operationCases().map((c) => `  out.push((await x.${c.id}(${JSON.stringify(c.options)})).data);`),
    '  return out;',
    '}',
    '',
  ].join('\n'),
};

export interface TypeCheckTime {
  name: string;
  ms: number;
  types: number;
  instantiations: number;
  errors: string;
}

function check(dir: string): { ms: number; types: number; instantiations: number; errors: string } {
  let output: string;
  let errors = '';
  try {
    output = execFileSync(process.execPath, [tsc, '-p', dir, '--extendedDiagnostics'], { encoding: 'utf8' });
  } catch (error: any) {
    output = `${error.stdout ?? ''}`;
    errors = output
      .split('\n')
      .filter((l) => l.includes('error TS'))
      .slice(0, 5)
      .join('\n');
  }
  const num = (label: string) => Number(output.match(new RegExp(`^${label}:\\s+([\\d.]+)`, 'm'))?.[1] ?? NaN);
  return { ms: num('Total time') * 1000, types: num('Types'), instantiations: num('Instantiations'), errors };
}

export function measureTypeCheck(runs = 5): TypeCheckTime[] {
  const results: TypeCheckTime[] = [];
  for (const [name, source] of Object.entries(programs)) {
    const dir = `${work}${name.replace(/\W+/g, '-')}/`;
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}main.ts`, source);
    writeFileSync(
      `${dir}tsconfig.json`,
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noUncheckedIndexedAccess: true,
          exactOptionalPropertyTypes: true,
          target: 'ES2022',
          lib: ['ES2022', 'DOM'],
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          types: [],
          noEmit: true,
          skipLibCheck: true,
        },
        files: ['main.ts'],
      }),
    );
    // Best of `runs`: the least disturbed run (type and instantiation counts do not vary).
    const best = Array.from({ length: runs }, () => check(dir)).sort((a, b) => a.ms - b.ms)[0]!;
    results.push({ name, ...best });
  }
  return results;
}
