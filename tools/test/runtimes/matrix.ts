// The runtime matrix: installs the packed packages into a fresh project, serves one simulator
// (`x-mock serve` of the installed @x/mock, on a free 127.0.0.1 port), and runs the consumer
// program on every row at once. `node tools/test/runtimes/matrix.ts --write` runs it and writes the
// table into the root README; tools/test/runtime-matrix.test.ts runs it and checks the README.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveSimulator } from '../release/serve-simulator.ts';
import { installProject } from './install.ts';
import { runRow, type RowResults } from './run-row.ts';
import { rows, type Row } from './rows.ts';
import { renderMatrix, rootReadme, withMatrix } from './table.ts';

export interface MatrixRun {
  readonly results: ReadonlyMap<Row, RowResults>;
  /** A row whose program could not run at all (not a step's failure): its error. */
  readonly crashed: ReadonlyMap<Row, string>;
  readonly timings: { readonly installMs: number; readonly runMs: number };
}

export async function runMatrix(only: (row: Row) => boolean = () => true): Promise<MatrixRun> {
  const work = mkdtempSync(join(tmpdir(), 'x-runtimes-'));
  try {
    const started = Date.now();
    const project = installProject(work);
    const installMs = Date.now() - started;
    const simulator = await serveSimulator(project);
    const results = new Map<Row, RowResults>();
    const crashed = new Map<Row, string>();
    try {
      await Promise.all(
        rows.filter(only).map(async (row) => {
          try {
            results.set(row, await runRow(row, project, simulator.url));
          } catch (error) {
            crashed.set(row, error instanceof Error ? error.message : String(error));
          }
        }),
      );
    } finally {
      await simulator.close();
    }
    return { results, crashed, timings: { installMs, runMs: Date.now() - started - installMs } };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1]!.split(',') : undefined;
  const chosen = (row: Row) => !only || only.includes(row.id);
  const run = await runMatrix(chosen);
  const matrix = renderMatrix(rows.filter(chosen), run.results, run.crashed);
  if (process.argv.includes('--write')) {
    if (only) throw new Error('--write runs every row: drop --only');
    writeFileSync(rootReadme, withMatrix(readFileSync(rootReadme, 'utf8'), matrix));
  } else {
    for (const row of rows.filter(chosen)) console.log(row.id, JSON.stringify(run.results.get(row) ?? run.crashed.get(row)));
  }
  console.log(matrix);
  console.log(`install ${run.timings.installMs} ms, runtimes ${run.timings.runMs} ms`);
}
