// `pnpm run bench:cold [--runtime bun] [--repeat 5] [--rounds 45] [--add name=file.mjs ...]`:
// the cold-start part of the bench alone, on one runtime (or all), repeated. Each repeat is what
// `pnpm run bench` prints (the median of its rounds); the summary gives the median over the repeats
// of each program's time and of the ratio @x/fetch-client / openapi-fetch, with their range, so a
// ratio near the target is told from noise. `--add` runs another program beside them (a copy of a
// program for a probe: same arguments, same JSON line).
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { coldRuntimes, measureColdStarts, median, roundRatio } from '../../../tools/bench-support/cold-start.ts';
import { CLIENT_COLD_ROUNDS, COLD_PROGRAMS, COLD_TARGET } from './cold-start.ts';
import { startBenchServer } from './server.ts';
import { operation, responseExamples } from '@x/openapi/reader';

const { values } = parseArgs({
  options: {
    runtime: { type: 'string' },
    repeat: { type: 'string', default: '5' },
    rounds: { type: 'string', default: String(CLIENT_COLD_ROUNDS) },
    add: { type: 'string', multiple: true, default: [] },
  },
});
const runtimes = values.runtime ? coldRuntimes.filter((r) => r.name.startsWith(values.runtime!)) : coldRuntimes;
if (!runtimes.length) throw new Error(`no runtime named ${values.runtime} (${coldRuntimes.map((r) => r.name).join(', ')})`);
const extra = values.add.map((spec) => {
  const at = spec.indexOf('=');
  return at > 0 ? { name: spec.slice(0, at), file: resolve(spec.slice(at + 1)) } : { name: spec, file: resolve(spec) };
});
const programs = [...Object.values(COLD_PROGRAMS), ...extra];
const repeat = Number(values.repeat);
const rounds = Number(values.rounds);

const example = responseExamples(operation('swapGetOrder')).find((e) => e.status === '200')!.value;
const server = await startBenchServer(example);
const fmt = (n: number, digits = 1) => n.toFixed(digits);
const width = Math.max(...programs.map((p) => p.name.length));
/** Per runtime and program, each repeat's median time; per runtime, each repeat's ratio to openapi-fetch. */
const times: Record<string, Record<string, number[]>> = {};
const ratios: Record<string, Record<string, number[]>> = {};
const add = (to: Record<string, Record<string, number[]>>, runtime: string, name: string, value: number) => {
  to[runtime] ??= {};
  to[runtime][name] ??= [];
  to[runtime][name].push(value);
};
try {
  for (let r = 0; r < repeat; r++) {
    const figures = await measureColdStarts(programs, [server.url], rounds, runtimes);
    for (const [runtime, byProgram] of Object.entries(figures)) {
      const base = byProgram[COLD_PROGRAMS.baseline.name];
      if (base instanceof Error) throw base;
      const cells: string[] = [];
      for (const [name, f] of Object.entries(byProgram)) {
        if (f instanceof Error) throw f;
        if (name === COLD_PROGRAMS.empty.name) continue;
        add(times, runtime, name, f.programMs);
        const ratio = roundRatio(f, base!);
        add(ratios, runtime, name, ratio);
        cells.push(`${name} ${fmt(f.programMs)} ms (${fmt(ratio, 2)})`);
      }
      console.log(`repeat ${r + 1}/${repeat} ${runtime}: ${cells.join(', ')}`);
    }
  }
} finally {
  await server.close();
}
console.log(`\nCold start, import + first call: median over ${repeat} repeats of ${rounds} rounds (range); ratio to openapi-fetch`);
for (const [runtime, byProgram] of Object.entries(times)) {
  for (const [name, list] of Object.entries(byProgram)) {
    const rs = ratios[runtime]![name]!;
    const verdict = name === COLD_PROGRAMS.x.name ? `; target <= ${COLD_TARGET}: ${median(rs) <= COLD_TARGET ? 'met' : 'MISSED'}` : '';
    console.log(
      `  ${runtime.padEnd(13)} ${name.padEnd(width)} ${fmt(median(list)).padStart(6)} ms (${fmt(Math.min(...list))}-${fmt(Math.max(...list))})   ratio ${fmt(median(rs), 2)} (${fmt(Math.min(...rs), 2)}-${fmt(Math.max(...rs), 2)})${verdict}`,
    );
  }
}
