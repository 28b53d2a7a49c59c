// One line per finished turbo task (its name, how long it ran, whether it came from the cache),
// and the whole log of a task that failed. Used by tools/run.mjs for `npm test` and `npm start`.
//
// turbo prints nothing when a task ends, so turbo runs with `--log-order=grouped --output-logs=full`:
// a task's log then arrives in one piece when the task has finished, each line prefixed
// `package:task: `. The first line of a group says whether it was a cache hit. A failure is told on
// stderr (`package#task:  WARNING  command finished with error`). How long a task ran is the time
// from the moment it could start (its last dependency finished, from the task graph of
// `turbo run --dry=json`) to the moment its log arrived; run.mjs lets every ready task start at
// once (`--concurrency` = the number of tasks), so no task waits for a free slot in between.
// Runs on the machine's Node 20 (plain JavaScript, no dependency).

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes are control sequences.
const ANSI = /\x1b\[[0-9;]*m/g;
const FAILED = /^(\S+#\S+):\s+(?:WARNING|ERROR)\s+command finished with error/;

/**
 * The tasks of a run, from `turbo run ... --dry=json`: id (`package#task`), the prefix of its log
 * lines, its dependencies, and whether it runs a command (tasks without a script never log).
 * @param {{ tasks: { taskId: string; package: string; task: string; command: string; dependencies: string[] }[] }} dry
 */
export function tasksOf(dry) {
  return new Map(
    dry.tasks.map((t) => [
      t.taskId,
      { id: t.taskId, prefix: `${t.package}:${t.task}: `, deps: t.dependencies, runs: t.command !== '<NONEXISTENT>' },
    ]),
  );
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * @param {ReturnType<typeof tasksOf>} tasks
 * @param {{ write: (text: string) => void; now?: () => number; settleMs?: number }} io
 */
export function createProgress(tasks, { write, now = Date.now, settleMs = 200 }) {
  const started = now();
  // Longest prefix first, so that `pkg:lint:code: ` is never taken for `pkg:lint: `.
  const prefixes = [...tasks.values()].filter((t) => t.runs).sort((a, b) => b.prefix.length - a.prefix.length);
  /** @type {Map<string, number>} when each task's log arrived */
  const finished = new Map();
  const failed = new Set();
  /** @type {{ id: string; lines: string[]; at: number }[]} groups waiting for a possible failure notice */
  const pending = [];
  /** @type {{ id: string; lines: string[]; at: number } | undefined} */
  let current;
  let timer;
  /** turbo's own lines once tasks have begun (its closing summary): printed after the last task's line. */
  const trailer = [];
  const buffers = { out: '', err: '' };
  const width = Math.max(0, ...prefixes.map((t) => t.id.length));

  /** When a task could start: its last dependency's end (a task without a command ends when its own dependencies do). */
  const readyAt = (id, seen = new Set()) => {
    const task = tasks.get(id);
    if (!task || seen.has(id)) return started;
    seen.add(id);
    let at = started;
    for (const dep of task.deps) {
      const depTask = tasks.get(dep);
      const end = depTask?.runs ? (finished.get(dep) ?? started) : readyAt(dep, seen);
      if (end > at) at = end;
    }
    return at;
  };

  const report = (group) => {
    const [first = ''] = group.lines;
    const cached = first.replace(ANSI, '').slice(tasks.get(group.id).prefix.length).startsWith('cache hit');
    const took = cached ? 'cached' : seconds(group.at - readyAt(group.id));
    if (failed.has(group.id)) {
      write(`x: ✗ ${group.id.padEnd(width)}  ${took}  failed; its log:\n`);
      for (const line of group.lines) write(`${line}\n`);
    } else {
      write(`x: ✓ ${group.id.padEnd(width)}  ${took}\n`);
    }
  };

  const flush = (all) => {
    const cutoff = now() - settleMs;
    while (pending.length > 0 && (all || pending[0].at <= cutoff)) report(pending.shift());
    clearTimeout(timer);
    if (pending.length > 0) timer = setTimeout(() => flush(false), settleMs);
  };

  const close = () => {
    if (!current) return;
    finished.set(current.id, current.at);
    pending.push(current);
    current = undefined;
    flush(false);
  };

  const outLine = (line) => {
    const plain = line.replace(ANSI, '');
    const task = prefixes.find((t) => plain.startsWith(t.prefix));
    if (!task) {
      close();
      if (plain.trim() === '') return;
      if (finished.size > 0) trailer.push(line);
      else write(`${line}\n`);
      return;
    }
    if (current?.id !== task.id) {
      close();
      current = { id: task.id, lines: [], at: now() };
    }
    current.lines.push(line);
  };

  const errLine = (line) => {
    const match = FAILED.exec(line.replace(ANSI, ''));
    if (match) failed.add(match[1]);
    else if (line.trim() !== '' && !/^\S+#\S+:\s+ERROR\s+command \(/.test(line.replace(ANSI, ''))) write(`${line}\n`);
  };

  const feed = (which, handle) => (chunk) => {
    const text = buffers[which] + chunk;
    const lines = text.split('\n');
    buffers[which] = lines.pop() ?? '';
    for (const line of lines) handle(line);
    // A group arrives in one piece: once the output pauses, the current group is complete.
    if (which === 'out') {
      clearTimeout(timer);
      timer = setTimeout(() => {
        close();
        flush(false);
      }, settleMs);
    }
  };

  return {
    stdout: feed('out', outLine),
    stderr: feed('err', errLine),
    /** The run has ended: report every task still waiting. */
    end() {
      if (buffers.out) outLine(buffers.out);
      if (buffers.err) errLine(buffers.err);
      buffers.out = buffers.err = '';
      close();
      flush(true);
      clearTimeout(timer);
      if (trailer.length > 0) write(`\n${trailer.join('\n')}\n`);
    },
  };
}
