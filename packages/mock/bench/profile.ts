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
  execArgv: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
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
console.log(`profile: ${join(dir, file)} (${total} samples)`);
for (const [key, hits] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.BENCH_TOP ?? 40))) {
  console.log(`${((hits / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
}
