// The reconciliation as a command: compares our bundled spec with local copies of the service's
// own OpenAPI files (never committed here) and prints every difference.
//   node packages/openapi/tools/reconcile/cli.ts [--base /tx/v1/submit] [--rename names.json]
//        [--format json|table] their-area.yaml [...]
// `--rename` reads a JSON object of their names to ours (brand-named values and fields to the
// neutral stand-ins), kept beside their files, outside the repository. Exit code 0; the list is
// the output (JSON: an array of { file, operation, location, kind, ours, theirs }).
import { readFileSync } from 'node:fs';
import { loadSpec, type OpenApiDocument } from '@x/openapi/reader';
import { parse } from 'yaml';
import { reconcileAll, toTable } from './reconcile.ts';

interface Args {
  files: string[];
  base?: string;
  renames: Record<string, string>;
  format: 'json' | 'table';
}

export function parseArgs(argv: readonly string[]): Args {
  const args: Args = { files: [], renames: {}, format: 'json' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '--base') args.base = value();
    else if (arg === '--rename')
      args.renames = { ...args.renames, ...(JSON.parse(readFileSync(value(), 'utf8')) as Record<string, string>) };
    else if (arg === '--format') {
      const format = value();
      if (format !== 'json' && format !== 'table') throw new Error(`--format is json or table, not ${format}`);
      args.format = format;
    } else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else args.files.push(arg);
  }
  if (args.files.length === 0) throw new Error('usage: cli.ts [--base PATH] [--rename names.json] [--format json|table] FILE...');
  return args;
}

export function run(argv: readonly string[], ours: OpenApiDocument = loadSpec()): string {
  const args = parseArgs(argv);
  const files = args.files.map((name) => ({
    name,
    doc: parse(readFileSync(name, 'utf8')) as OpenApiDocument,
    ...(args.base ? { base: args.base } : {}),
  }));
  const rows = reconcileAll(files, ours, args.renames);
  if (args.format === 'table') return toTable(rows);
  return JSON.stringify(rows, null, 2);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    process.stdout.write(`${run(process.argv.slice(2))}\n`);
  } catch (error) {
    process.stderr.write(`reconcile: ${(error as Error).message}\n`);
    process.exit(2);
  }
}
