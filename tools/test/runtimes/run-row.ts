// Runs the consumer program of the runtime matrix on one row: a process (Node at a given version,
// Bun, Deno) started on the compiled program, beside the published commands (commands.ts) under the
// same runtime, workerd through Miniflare on an esbuild bundle built with the row's conditions, or
// a Chromium page; a bundle holds the entries the row takes (entries-module.ts). Resolves to each
// step's result; a step not meant for the row is absent.
import { spawn } from 'node:child_process';
import { builtinModules } from 'node:module';
import { realpathSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { build, type Plugin } from 'esbuild';
import { Miniflare } from 'miniflare';
import { openTestPage } from '../../browser/page.ts';
import { nodeRuntime } from '../release/node-runtime.ts';
import { root } from '../workspace.ts';
import { type CommandRuntime, runCommandSteps } from './commands.ts';
import { COMMAND_STEPS, type CommandStep, type ProgramStep, STEP_NAMES, type StepName, type StepResult } from './consumer/report.ts';
import { rowEntriesPlugin } from './entries-module.ts';
import { isProcessRow, meetsFloor, rowEntries, STEP_PACKAGES, type Row } from './rows.ts';

export type RowResults = Partial<Record<StepName, StepResult>>;

const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const TIMEOUT_MS = 90_000;
/** The compatibility date of the workers (a date the pinned workerd supports). */
export const COMPATIBILITY_DATE = '2026-07-01';

const isCommandStep = (step: StepName): step is CommandStep => (COMMAND_STEPS as readonly string[]).includes(step);

/** The steps meant for a row (a Node row below a step's engines floor skips it; the commands are for process rows). */
export function stepsOf(row: Row): StepName[] {
  return STEP_NAMES.filter((step) => meetsFloor(row, STEP_PACKAGES[step]) && (isProcessRow(row) || !isCommandStep(step)));
}

/** The steps of the consumer program meant for a row. */
const programSteps = (row: Row) => stepsOf(row).filter((step): step is ProgramStep => !isCommandStep(step));

function runProcess(cmd: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d) => (err += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${cmd} exited with ${code ?? signal}:\n${err.slice(-2000)}${out.slice(-1000)}`));
    });
  });
}

/** The last line a program printed, as the results. */
const resultsOf = (out: string): RowResults => JSON.parse(out.trim().split('\n').at(-1)!) as RowResults;

const isMockEntry = (entry: string) => entry.startsWith('@x/mock');
const isReactEntry = (entry: string) => entry.startsWith('@x/react-query');

/**
 * Deno runs three programs at once: every step but the simulator with the entries other than
 * `@x/mock`'s and `@x/react-query`'s, under `flags` alone; `@x/mock`'s entries and the simulator
 * step with `mockFlags` added; and `@x/react-query`'s entries with `reactFlags` added. The reports
 * make one (the imports step passes when all do).
 */
async function runDeno(kind: Extract<Row['kind'], { type: 'deno' }>, row: Row, program: string, project: string, baseUrl: string) {
  const run = async (flags: readonly string[], steps: ProgramStep[], entries: string[]) =>
    resultsOf(await runProcess(bin('deno'), ['run', ...flags, program, JSON.stringify({ baseUrl, steps, entries })], project));
  const steps = programSteps(row);
  const [web, mock, react] = await Promise.all([
    run(
      kind.flags,
      steps.filter((step) => step !== 'simulator'),
      rowEntries(row).filter((entry) => !isMockEntry(entry) && !isReactEntry(entry)),
    ),
    run([...kind.flags, ...kind.mockFlags], ['imports', 'simulator'], rowEntries(row).filter(isMockEntry)),
    run([...kind.flags, ...kind.reactFlags], ['imports'], rowEntries(row).filter(isReactEntry)),
  ]);
  const imports = [web.imports!, mock.imports!, react.imports!];
  return {
    ...web,
    ...mock,
    imports: { ok: imports.every((r) => r.ok), detail: imports.map((r) => r.detail).join(', ') },
  };
}

/** The consumer program on a process row. */
async function runProgram(row: Row, project: string, baseUrl: string): Promise<RowResults> {
  const options = JSON.stringify({ baseUrl, steps: programSteps(row), entries: rowEntries(row) });
  const program = join(project, 'dist', 'cli.js');
  const kind = row.kind;
  switch (kind.type) {
    case 'node':
      return resultsOf(await runProcess(kind.workspace ? bin('node') : nodeRuntime(kind.version).node, [program, options], project));
    case 'bun':
      return resultsOf(await runProcess(bin('bun'), [program, options], project));
    case 'deno':
      return await runDeno(kind, row, program, project, baseUrl);
    default:
      throw new Error(`${row.id} is not a process row`);
  }
}

/** How a process row runs a command, as a user types it: the bin itself on Node (the row's Node first on PATH), `bun <bin>`, `deno run <flags> <bin>`. */
function commandRuntime(row: Row): CommandRuntime {
  const kind = row.kind;
  const path = process.env.PATH ?? '';
  switch (kind.type) {
    case 'node':
      return {
        prefix: [],
        path: kind.workspace ? `${dirname(realpathSync(bin('node')))}${delimiter}${path}` : nodeRuntime(kind.version).path,
      };
    case 'bun':
      return { prefix: [bin('bun')], path };
    case 'deno':
      return { prefix: [bin('deno'), 'run', ...kind.flags, ...kind.commandFlags], path };
    default:
      throw new Error(`${row.id} is not a process row`);
  }
}

async function runProcessRow(row: Row, project: string, baseUrl: string): Promise<RowResults> {
  const commands = stepsOf(row).filter(isCommandStep);
  const [program, commandResults] = await Promise.all([
    runProgram(row, project, baseUrl),
    runCommandSteps(commandRuntime(row), project, baseUrl, commands),
  ]);
  return { ...program, ...commandResults };
}

/** Node's built-in modules stay imports of `node:` modules, as wrangler leaves them to workerd under `nodejs_compat`. */
const nodeBuiltins: Plugin = {
  name: 'node-builtins',
  setup(b) {
    const names = new Set(builtinModules);
    b.onResolve({ filter: /^[a-z_/]+$|^node:/ }, (args) => {
      const name = args.path.replace(/^node:/, '');
      return names.has(name) ? { path: `node:${name}`, external: true } : undefined;
    });
  },
};

/** Bundles a worker entry as the row says; throws esbuild's errors, one line each. */
async function bundleWorker(
  entry: string,
  conditions: readonly string[],
  nodejsCompat: boolean,
  entries: readonly string[],
): Promise<string> {
  try {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      conditions: [...conditions],
      mainFields: ['browser', 'module', 'main'],
      plugins: [rowEntriesPlugin(entries), ...(nodejsCompat ? [nodeBuiltins] : [])],
      logLevel: 'silent',
    });
    return result.outputFiles[0]!.text;
  } catch (error: any) {
    const messages = (error.errors ?? []).map(
      (e: any) => `${e.text}${e.location ? ` (${e.location.file.replace(/^.*node_modules\//, '')})` : ''}`,
    );
    throw new Error(`the bundle fails: ${messages.length ? [...new Set(messages)].join('; ') : String(error)}`);
  }
}

/** Bundles `entry` and runs `steps` in it on workerd; a bundle that fails fails every step with its errors. */
async function runWorker(row: Row, entry: string, steps: ProgramStep[], baseUrl: string): Promise<RowResults> {
  if (row.kind.type !== 'workerd') throw new Error(`${row.id} is not a workerd row`);
  const flags = row.kind.compatibilityFlags;
  let script: string;
  try {
    script = await bundleWorker(entry, row.kind.conditions, flags.includes('nodejs_compat'), rowEntries(row));
  } catch (error) {
    return Object.fromEntries(steps.map((step) => [step, { ok: false, detail: (error as Error).message }]));
  }
  const mf = new Miniflare({
    modules: true,
    script,
    compatibilityDate: COMPATIBILITY_DATE,
    compatibilityFlags: [...flags],
    // the simulator's own error log (the step reports the error) stays out of the test's output
    handleRuntimeStdio(stdout: Readable, stderr: Readable) {
      stdout.resume();
      stderr.resume();
    },
  });
  try {
    const url = `http://worker.invalid/?options=${encodeURIComponent(JSON.stringify({ baseUrl, steps }))}`;
    const response = await mf.dispatchFetch(url);
    const text = await response.text();
    if (response.status !== 200) throw new Error(`the worker answered ${response.status}: ${text.slice(0, 1000)}`);
    return JSON.parse(text) as RowResults;
  } finally {
    await mf.dispose();
  }
}

async function runWorkerdRow(row: Row, project: string, baseUrl: string): Promise<RowResults> {
  const steps = programSteps(row);
  const [main, mock] = await Promise.all([
    runWorker(
      row,
      join(project, 'dist', 'worker.js'),
      steps.filter((step) => step !== 'simulator'),
      baseUrl,
    ),
    runWorker(row, join(project, 'dist', 'worker-mock.js'), ['simulator'], baseUrl),
  ]);
  return { ...main, ...mock };
}

async function runChromiumRow(row: Row, project: string, baseUrl: string): Promise<RowResults> {
  const page = await openTestPage<{ run(options: { baseUrl: string; steps: ProgramStep[] }): Promise<RowResults> }>(
    join(project, 'dist', 'page.js'),
    { plugins: [rowEntriesPlugin(rowEntries(row))] },
  );
  try {
    return await page.run('run', { baseUrl, steps: programSteps(row) });
  } finally {
    await page.close();
  }
}

export async function runRow(row: Row, project: string, baseUrl: string): Promise<RowResults> {
  switch (row.kind.type) {
    case 'workerd':
      return await runWorkerdRow(row, project, baseUrl);
    case 'chromium':
      return await runChromiumRow(row, project, baseUrl);
    default:
      return await runProcessRow(row, project, baseUrl);
  }
}
