#!/usr/bin/env node
// The README's two commands (`npm start`, `npm test`) and `npm run bench` land here.
// Runs on the machine's Node 20 with npm only: it provides the pinned pnpm, installs the
// workspace (which brings its own Node 24 runtime as the `node` devDependency), then hands
// over to turbo. Idempotent: a second run finds everything in place and turbo's cache warm.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tallyReports, testsLine } from './test-reports.mjs';
import { createProgress, tasksOf } from './turbo-progress.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pnpmVersion = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];
const toolDir = join(root, '.cache', 'pnpm');
const pnpmBin = join(toolDir, 'node_modules', '.bin');

const env = {
  ...process.env,
  PATH: [join(root, 'node_modules', '.bin'), pnpmBin, process.env.PATH].join(delimiter),
  TURBO_TELEMETRY_DISABLED: '1',
  DO_NOT_TRACK: '1',
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  NEXT_TELEMETRY_DISABLED: '1',
  CHECKPOINT_DISABLE: '1',
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
};

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, env, stdio: 'inherit', ...opts });
  if (r.error) throw r.error;
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function installedPnpm() {
  const pkg = join(toolDir, 'node_modules', 'pnpm', 'package.json');
  return existsSync(pkg) ? JSON.parse(readFileSync(pkg, 'utf8')).version : undefined;
}

function ensurePnpm() {
  if (installedPnpm() === pnpmVersion) return;
  console.log(`x: installing pnpm ${pnpmVersion} into .cache/pnpm (once)`);
  run('npm', ['install', '--no-save', '--no-package-lock', '--prefix', toolDir, `pnpm@${pnpmVersion}`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function ensureWorkspace() {
  run('pnpm', ['install', '--frozen-lockfile', '--reporter=silent']);
}

/**
 * `turbo run <tasks>` printing one line per finished task (name, time, cached or not) and the whole
 * log of a failed one (tools/turbo-progress.mjs). Resolves to turbo's exit status.
 */
function turbo(tasks, extra = []) {
  const dry = spawnSync('turbo', ['run', ...tasks, '--dry=json'], { cwd: root, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (dry.status !== 0) {
    process.stderr.write(dry.stderr);
    process.exit(dry.status ?? 1);
  }
  const graph = tasksOf(JSON.parse(dry.stdout));
  const progress = createProgress(graph, { write: (text) => process.stdout.write(text) });
  const child = spawn(
    'turbo',
    ['run', ...tasks, ...extra, '--log-order=grouped', '--output-logs=full', `--concurrency=${Math.max(10, graph.size)}`],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout.setEncoding('utf8').on('data', progress.stdout);
  child.stderr.setEncoding('utf8').on('data', progress.stderr);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      progress.end();
      resolve(code ?? 1);
    });
  });
}

/**
 * Adds up the vitest JSON reports every package's test task writes (restored by turbo on a cache hit),
 * plus the jest JSON reports of packages that also run jest (same counters; optional per package).
 * A test file that failed outside its tests (it did not load) counts as a failure (tools/test-reports.mjs).
 */
const testDirs = () =>
  [join(root, 'spec'), join(root, 'tools'), ...readdirSync(join(root, 'packages')).map((d) => join(root, 'packages', d))].filter(
    (dir) => existsSync(join(dir, 'package.json')) || dir.endsWith('tools'),
  );
const reportOf = (dir) => join(dir, 'test-results', 'vitest.json');
const jestReportOf = (dir) => join(dir, 'test-results', 'jest.json');

function summarizeTests() {
  const expected = testDirs();
  const reports = expected.map(reportOf).filter((file) => existsSync(file));
  const missing = expected.filter((dir) => !existsSync(reportOf(dir)));
  const jestReports = expected.map(jestReportOf).filter((file) => existsSync(file));
  const tally = tallyReports([...reports, ...jestReports].map((file) => JSON.parse(readFileSync(file, 'utf8'))));
  console.log(`\nx: ${reports.length} test reports${jestReports.length ? ` (+${jestReports.length} jest)` : ''}`);
  for (const dir of missing) console.log(`x: no test report from ${dir.slice(root.length)} (its tests did not run)`);
  console.log(testsLine(tally));
  return tally.failed === 0 && missing.length === 0;
}

const task = process.argv[2];
ensurePnpm();
ensureWorkspace();

if (task === 'test') {
  for (const dir of testDirs()) for (const file of [reportOf(dir), jestReportOf(dir)]) rmSync(file, { force: true });
  const status = await turbo(['lint', 'lint:code', 'bundle', 'build', 'test', 'check', 'test:repo'], ['--continue']);
  const ok = summarizeTests() && status === 0;
  process.exit(ok ? 0 : status || 1);
} else if (task === 'bench') {
  run('pnpm', ['exec', 'turbo', 'run', 'bench', '--concurrency=1']);
} else if (task === 'start') {
  const status = await turbo(['build']);
  if (status !== 0) process.exit(status);
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: read by `npm start` itself, before and outside any turbo task.
  const port = process.env.PORT ?? '4010';
  const child = spawn(join(root, 'node_modules', '.bin', 'node'), [join(root, 'packages/mock/dist/cli.js'), 'serve', '--port', port], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  const stop = () => child.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.error('usage: node tools/run.mjs start|test|bench');
  process.exit(2);
}
