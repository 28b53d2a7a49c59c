// Profiles one server of the benchmark under the same load: `node bench/profile.ts simulator|bare [count]`
// writes a V8 CPU profile (.cpuprofile, open in Chrome DevTools) of the server process into
// BENCH_PROFILE_DIR (default: the current directory) and prints its top functions by self time.
import { fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runRawLoad } from './raw-load.ts';

const mode = process.argv[2] === 'bare' ? 'bare' : 'simulator';
const count = Number(process.argv[3] ?? 100_000);
const dir = resolve(process.env.BENCH_PROFILE_DIR ?? '.');
const path = process.env.BENCH_PATH ?? '/prediction/v1/trading-status';
const serveScript = fileURLToPath(new URL('./serve.ts', import.meta.url));
const before = new Set(readdirSync(dir));

const child = fork(serveScript, [mode], {
  execArgv: ['--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-interval=${process.env.BENCH_PROFILE_INTERVAL_US ?? 1000}`],
  env: { ...process.env, BENCH_BODY: '{"trading_active":true}' },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const port = await new Promise<number>((done) => child.once('message', (m: { port: number }) => done(m.port)));
const request = { path, headers: { 'x-api-key': 'bench-key' } };
await runRawLoad(port, request, { count: 5_000, concurrency: 32 });
const result = await runRawLoad(port, request, { count, concurrency: 32 });
console.log(`${mode}: ${Math.round(result.rps)} req/s, statuses ${JSON.stringify(result.statuses)}`);
child.send({ type: 'exit' });
await new Promise((done) => child.once('exit', done));

const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile') && !before.has(name));
if (!file) throw new Error('no profile written');
interface Node {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
}
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { nodes: Node[] };
const self = new Map<string, number>();
let total = 0;
for (const node of profile.nodes) {
  const { functionName, url, lineNumber } = node.callFrame;
  const key = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|packages)\//, '')}:${lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + node.hitCount);
  total += node.hitCount;
}
// Inclusive time: each sample counts once for every distinct function on its stack.
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const keyOf = (node: Node): string => {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|packages)\//, '')}:${lineNumber + 1}`;
};
const inclusive = new Map<string, number>();
const walk = (node: Node, onStack: Set<string>): number => {
  let hits = node.hitCount;
  const key = keyOf(node);
  const fresh = !onStack.has(key);
  if (fresh) onStack.add(key);
  for (const child of node.children ?? []) hits += walk(byId.get(child)!, onStack);
  if (fresh) {
    onStack.delete(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + hits);
  }
  return hits;
};
walk(profile.nodes[0]!, new Set());
const top = Number(process.env.BENCH_TOP ?? 40);
const print = (title: string, map: Map<string, number>): void => {
  console.log(title);
  for (const [key, hits] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((hits / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
  }
};
console.log(`profile: ${join(dir, file)} (${total} samples)`);
print('self time:', self);
print('total time (self and callees):', inclusive);
