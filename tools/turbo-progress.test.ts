import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgress, tasksOf } from './turbo-progress.mjs';

// Recorded from turbo 2.11.11 (`turbo run ... --log-order=grouped --output-logs=full --continue`
// on this repository; `--dry=json` for the graph), trimmed. `//#lint` stands for a package that has
// both `lint` and `lint:code`, whose log prefixes start alike.
const dry = {
  tasks: [
    { taskId: '@x/spec#lint', package: '@x/spec', task: 'lint', command: 'redocly lint openapi.yaml', dependencies: [] },
    { taskId: '@x/spec#bundle', package: '@x/spec', task: 'bundle', command: 'redocly bundle', dependencies: ['@x/spec#lint'] },
    { taskId: '@x/chain#generate', package: '@x/chain', task: 'generate', command: '<NONEXISTENT>', dependencies: ['@x/spec#bundle'] },
    { taskId: '@x/chain#build', package: '@x/chain', task: 'build', command: 'tsc', dependencies: ['@x/chain#generate'] },
    { taskId: '@x/chain#test', package: '@x/chain', task: 'test', command: 'vitest run', dependencies: ['@x/chain#build'] },
    { taskId: '//#lint', package: '//', task: 'lint', command: 'echo lint', dependencies: [] },
    { taskId: '//#lint:code', package: '//', task: 'lint:code', command: 'biome ci --error-on-warnings .', dependencies: [] },
  ],
};
const header =
  '\n   • turbo 2.11.11\n   • Packages in scope: //, @x/chain, @x/spec\n   • Running lint, lint:code, bundle, build, test in 3 packages\n   • Remote caching disabled, using shared worktree cache\n\n';
const specLint = [
  '@x/spec:lint: cache hit, replaying logs a299c32f8da78090',
  '@x/spec:lint: $ redocly lint openapi.yaml --config ../redocly.yaml',
  '@x/spec:lint: Woohoo! Your API description is valid. 🎉',
  '@x/spec:lint: ',
];
const specBundle = [
  '@x/spec:bundle: cache miss, executing 5e68532092e3f202',
  '@x/spec:bundle: $ redocly bundle openapi.yaml --config ../redocly.yaml -o dist/openapi.json',
  '@x/spec:bundle: 📦 Created a bundle for openapi.yaml at dist/openapi.json 104ms.',
];
const chainBuild = ['@x/chain:build: cache miss, executing 8a71cc3192d75ed2', '@x/chain:build: $ tsc -p tsconfig.build.json'];
const chainTest = [
  '@x/chain:test: cache miss, executing 0c1d2e3f4a5b6c7d',
  '@x/chain:test: $ vitest run',
  '@x/chain:test:  Test Files  4 passed (4)',
];
// Colours as turbo passes them through from biome.
const lintCode = [
  '//:lint:code: cache miss, executing b7f26a7892ab40e8',
  '//:lint:code: $ biome ci --error-on-warnings .',
  '//:lint:code: \x1b[0mtools/test-reports.mjs\x1b[0m format',
  '//:lint:code:   \x1b[1m\x1b[31m✖\x1b[0m File content differs from formatting output',
  '//:lint:code: [ELIFECYCLE] Command failed with exit code 1.',
];
const rootLint = ['//:lint: cache miss, executing 1a2b3c4d5e6f7a8b', '//:lint: $ echo lint', '//:lint: lint'];
const lintCodeFailed =
  '//#lint:code:  WARNING  command finished with error, but continuing...\n//#lint:code:  ERROR  command (/work/x/) /work/x/.cache/pnpm/node_modules/.bin/pnpm run lint:code exited (1)\n';
const summary = '\n Tasks:    5 successful, 6 total\nCached:    1 cached, 6 total\n  Time:    9.4s \nFailed:    //#lint:code\n\n';
const runFailed = ' ERROR  run failed: command  exited (1)\n';

const lines = (group: string[]) => `${group.join('\n')}\n`;
/** A task's line: its id padded to the longest id that runs (`@x/spec#bundle`, 14). */
const row = (mark: '✓' | '✗', id: string, took: string) => `x: ${mark} ${id.padEnd(14)}  ${took}`;

/** Feeds `text` in pieces of `size` characters, cutting lines (and characters' escapes) anywhere. */
function inPieces(feed: (chunk: string) => void, text: string, size = 17): void {
  for (let i = 0; i < text.length; i += size) feed(text.slice(i, i + size));
}

describe('turbo progress', () => {
  let out: string[];
  let progress: ReturnType<typeof createProgress>;
  const printed = () => out.join('').split('\n');
  const at = (ms: number) => vi.advanceTimersByTime(ms);

  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
    out = [];
    progress = createProgress(tasksOf(dry), { write: (text) => out.push(text) });
  });
  afterEach(() => vi.useRealTimers());

  it('prints turbo’s header at once, then one line per finished task with its time or `cached`', () => {
    progress.stdout(header);
    expect(out.join('')).toContain('• Running lint, lint:code, bundle, build, test in 3 packages\n');
    at(100);
    inPieces(progress.stdout, lines(specLint));
    expect(printed()).not.toContainEqual(expect.stringContaining('@x/spec#lint')); // not before the group has settled
    at(250);
    expect(printed()).toContain(row('✓', '@x/spec#lint', 'cached'));
    // The bundle could start when lint's log arrived (at 100 ms): it ran 1.9 s.
    at(1_650);
    inPieces(progress.stdout, lines(specBundle));
    at(300);
    expect(printed()).toContain(row('✓', '@x/spec#bundle', '1.9 s'));
    // The build waited for the bundle through a task without a command.
    at(700);
    progress.stdout(lines(chainBuild));
    at(300);
    expect(printed()).toContain(row('✓', '@x/chain#build', '1.0 s'));
    expect(printed().filter((line) => line.startsWith('x: ')).length).toBe(3);
  });

  it('separates groups that arrive in one chunk, and tells `lint` from `lint:code` by the longer prefix', () => {
    at(4_000);
    progress.stdout(lines([...rootLint, ...chainBuild]));
    at(300);
    expect(printed()).toEqual(expect.arrayContaining([row('✓', '//#lint', '4.0 s'), row('✓', '@x/chain#build', '4.0 s')]));
    expect(printed()).not.toContainEqual(expect.stringContaining('lint:code'));
  });

  it('prints the whole log of a failed task, whether its notice on stderr comes after its log or before', () => {
    at(5_000);
    inPieces(progress.stdout, lines(lintCode));
    at(50);
    progress.stderr(lintCodeFailed); // within the settle time after the group
    at(300);
    const text = out.join('');
    expect(text).toContain(`${row('✗', '//#lint:code', '5.0 s')}  failed; its log:\n${lines(lintCode)}`);
    // The command line turbo prints on stderr with the notice is not repeated.
    expect(text).not.toContain('ERROR  command (');

    out.length = 0;
    progress.stderr('@x/chain#test:  ERROR  command finished with error: command exited (1)\n');
    at(150);
    progress.stdout(lines(chainTest));
    at(300);
    expect(out.join('')).toContain(`${row('✗', '@x/chain#test', '5.5 s')}  failed; its log:\n${lines(chainTest)}`);
  });

  it('keeps turbo’s closing summary for after the last task’s line, and passes its other stderr through', () => {
    progress.stdout(header);
    at(2_000);
    progress.stdout(lines(specLint));
    progress.stdout(lines(rootLint));
    progress.stdout(lines(lintCode));
    progress.stderr(lintCodeFailed);
    inPieces(progress.stdout, summary, 5);
    progress.stderr(runFailed);
    progress.end();
    const shown = printed().filter((line) => line.trim() !== '');
    const taskLines = shown.filter((line) => /^x: [✓✗] /.test(line));
    expect(taskLines).toEqual([
      row('✓', '@x/spec#lint', 'cached'),
      row('✓', '//#lint', '2.0 s'),
      `${row('✗', '//#lint:code', '2.0 s')}  failed; its log:`,
    ]);
    expect(shown.indexOf('Failed:    //#lint:code')).toBeGreaterThan(shown.indexOf(taskLines[2]!));
    expect(shown.slice(-4)).toEqual([
      ' Tasks:    5 successful, 6 total',
      'Cached:    1 cached, 6 total',
      '  Time:    9.4s ',
      'Failed:    //#lint:code',
    ]);
    expect(shown).toContain(' ERROR  run failed: command  exited (1)');
  });

  it('reports at the end a task whose log was still settling, and the last line even without a newline', () => {
    at(1_000);
    progress.stdout(lines(specLint));
    progress.stdout(lines(rootLint).trimEnd());
    progress.end();
    expect(printed().filter((line) => line.startsWith('x: '))).toEqual([row('✓', '@x/spec#lint', 'cached'), row('✓', '//#lint', '1.0 s')]);
  });
});
