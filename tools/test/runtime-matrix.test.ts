// The runtime matrix (tools/test/runtimes/): the consumer program, from the packed packages, on
// Node at each engines floor and 24, Bun, Deno, workerd (three bundler setups) and Chromium, and the
// published commands (`x`, `x-mcp`) on the process rows. Every step passes, or fails with exactly
// the error of its documented limit; every row imports exactly the entries meant for it (from the
// packages' `exports` maps); the README's table is the one this run found.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { STEP_NAMES } from './runtimes/consumer/report.ts';
import { LIMITS, limitOf } from './runtimes/limits.ts';
import { runMatrix, type MatrixRun } from './runtimes/matrix.ts';
import { stepsOf } from './runtimes/run-row.ts';
import { ENTRIES, rowEntries, rows } from './runtimes/rows.ts';
import { currentMatrix, renderMatrix, rootReadme } from './runtimes/table.ts';

let run: MatrixRun;
beforeAll(async () => {
  run = await runMatrix();
  console.log(`runtime matrix: install ${run.timings.installMs} ms, runtimes ${run.timings.runMs} ms`);
}, 420_000); // (a hang guard: about 80 s unloaded, it may take several times that on the loaded CI machine)

describe('the runtime matrix', () => {
  it.each(rows.map((row) => [row.id, row] as const))('%s: the program runs and reports every step meant for it', (_id, row) => {
    expect(run.crashed.get(row)).toBeUndefined();
    expect(Object.keys(run.results.get(row) ?? {}).sort()).toEqual([...stepsOf(row)].sort());
  });

  it.each(rows.map((row) => [row.id, row] as const))('%s: every step passes, or fails exactly as its documented limit says', (_id, row) => {
    const results = run.results.get(row) ?? {};
    for (const step of STEP_NAMES) {
      const result = results[step];
      if (result === undefined) continue;
      const limit = limitOf(row.id, step);
      if (limit) {
        expect(result.ok, `${row.id} ${step} passes: its limit no longer holds, delete it from limits.ts`).toBe(false);
        expect(result.detail, `${row.id} ${step}`).toMatch(limit.error);
      } else {
        expect(result, `${row.id} ${step}`).toMatchObject({ ok: true });
      }
    }
  });

  it.each(rows.map((row) => [row.id, row] as const))('%s: imports exactly the entries meant for it', (_id, row) => {
    const imported = run.results.get(row)?.imports?.detail.split(', ') ?? [];
    expect([...imported].sort()).toEqual(rowEntries(row).sort());
  });

  it('imports @x/catalogue and @x/mcp, serves MCP in a program, and runs `x` and `x-mcp`, on every row whose runtime takes them', () => {
    for (const entry of ['@x/catalogue', '@x/mcp']) expect(ENTRIES).toContain(entry);
    const on = (step: 'cli' | 'mcpStdio' | 'mcpServer') => rows.filter((row) => run.results.get(row)?.[step]?.ok).map((row) => row.id);
    expect(on('cli')).toEqual(['node-20.19.0', 'node-22.12.0', 'node-24', 'bun', 'deno']);
    expect(on('mcpStdio')).toEqual(['node-22.12.0', 'node-24', 'bun', 'deno']);
    expect(on('mcpServer')).toEqual(rows.filter((row) => row.id !== 'node-20.19.0').map((row) => row.id));
  });

  it('signs on every workerd setup, with no flags too: the cells the issue found failing', () => {
    for (const row of rows.filter((r) => r.kind.type === 'workerd')) {
      for (const step of ['signer', 'swap', 'auth', 'swapFlow'] as const)
        expect(run.results.get(row)?.[step], `${row.id} ${step}`).toMatchObject({ ok: true });
    }
  });

  it('documents only limits of rows that exist', () => {
    for (const limit of LIMITS) for (const id of limit.rows) expect(rows.map((row) => row.id)).toContain(id);
  });

  it("the root README's table is the one this run found (`node tools/test/runtimes/matrix.ts --write` rewrites it)", () => {
    expect(currentMatrix(readFileSync(rootReadme, 'utf8'))).toBe(renderMatrix(rows, run.results, run.crashed));
  });
});
