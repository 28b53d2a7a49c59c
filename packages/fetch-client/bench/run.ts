// `pnpm run bench`: per-request overhead, bundle size, cold start on Node, Bun and Deno and
// type-check time, side by side in one run. Prints measurements and ratios against the targets;
// asserts nothing (times depend on the machine).
import { measureBundles } from './bundle-size.ts';
import { printColdStarts } from '../../../tools/bench-support/cold-start.ts';
import { CLIENT_COLD_ROUNDS, COLD_PROGRAMS, COLD_TARGET, measureClientColdStarts } from './cold-start.ts';
import { measureOverhead } from './overhead.ts';
import { startBenchServer } from './server.ts';
import { measureTypeCheck } from './type-check.ts';
import { operation, responseExamples } from '@x/openapi/reader';

const example = responseExamples(operation('swapGetOrder')).find((e) => e.status === '200')!.value;
const query = {
  inputMint: 'D6gqDYHvpEparhs6TGfnXKtNEzVe48aLfmB6bKNjdKsD',
  outputMint: '7gQqK6wWf1gAc7f2R4oQ18Q4m6Vazr1umgktSGsnJZny',
  amount: '100000000',
};
const fmt = (n: number, digits = 2) => n.toFixed(digits);
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

console.log(`@x/fetch-client benchmark (node ${process.version}, ${process.platform}/${process.arch})\n`);

const server = await startBenchServer(example);
try {
  const overhead = await measureOverhead(server.url, query);
  const raw = overhead.ratioTo['raw fetch'];
  console.log(
    `Per-request time, GET /swap/v2/order on ${server.url} (median of ${overhead.rounds} rounds x ${overhead.perRound} sequential requests)`,
  );
  for (const [name, us] of Object.entries(overhead.usPerRequest)) {
    console.log(`  ${name.padEnd(22)} ${fmt(us, 1).padStart(8)} µs/request   ratio to raw fetch ${fmt(raw[name]!)}`);
  }
  const limited = overhead.ratioTo['raw + time limit'];
  const floor = overhead.ratioTo['raw + limit + size cap'];
  const ratio = floor['@x/fetch-client']!;
  const hooked = floor['@x/fetch-client + hook']!;
  const baseline = floor['openapi-fetch']!;
  console.log(
    `  the floor, raw fetch with the client's time limit and size cap (the safety a client keeps), costs ${fmt(raw['raw + limit + size cap']!)} over raw fetch (the time limit alone ${fmt(raw['raw + time limit']!)}; openapi-fetch has neither)`,
  );
  console.log(`  target: @x/fetch-client / the floor <= 1.03 -> ${fmt(ratio)} (${verdict(ratio <= 1.03)})`);
  console.log(
    `  target: with logging at its default level and one hook, / the floor <= 1.03 -> ${fmt(hooked)} (${verdict(hooked <= 1.03)})`,
  );
  console.log(
    `  target: not above openapi-fetch in the same run -> ${fmt(ratio)} and ${fmt(hooked)} (with the hook) vs ${fmt(baseline)} of the floor (${verdict(Math.max(ratio, hooked) <= baseline)}); over raw fetch ${fmt(raw['@x/fetch-client']!)} vs ${fmt(raw['openapi-fetch']!)}`,
  );
  console.log(`  (@x/fetch-client / raw fetch with the time limit only: ${fmt(limited['@x/fetch-client']!)})\n`);

  const cold = await measureClientColdStarts(server.url);
  console.log(
    `Cold start: a fresh process imports the client, builds it and makes its first call (median of ${CLIENT_COLD_ROUNDS} rounds per runtime)`,
  );
  printColdStarts(cold, {
    x: COLD_PROGRAMS.x.name,
    baseline: COLD_PROGRAMS.baseline.name,
    empty: COLD_PROGRAMS.empty.name,
    floor: COLD_PROGRAMS.floor.name,
    what: 'import + first call',
    target: COLD_TARGET,
  });
  console.log('');
} finally {
  await server.close();
}

const bundles = await measureBundles();
console.log('Bundle size (esbuild, minified, gzip -9)');
for (const b of bundles)
  console.log(`  ${b.name.padEnd(52)} ${String(b.minified).padStart(7)} B min  ${String(b.gzipped).padStart(6)} B gz`);
const one = bundles[0]!;
const whole = bundles[1]!;
const openapiFetch = bundles.find((b) => b.name.startsWith('openapi-fetch'))!;
console.log(
  `  target: one operation + runtime, log levels and hooks inside, <= 3,800 B gz -> ${one.gzipped} B (${verdict(one.gzipped <= 3800)}); openapi-fetch in the same run ${openapiFetch.gzipped} B, ratio ${fmt(one.gzipped / openapiFetch.gzipped)}`,
);
console.log(`  target: whole client, log levels and hooks inside, <= 4,800 B gz -> ${whole.gzipped} B (${verdict(whole.gzipped <= 4800)})`);
const leaked = [one, whole].filter((b) => b.hasUnused);
console.log(
  `  target: no waiter and no OpenTelemetry code in a bundle that does not use them -> ${leaked.length ? `found in ${leaked.map((b) => b.name).join(', ')}` : 'none found'} (${verdict(leaked.length === 0)})\n`,
);

const typeCheck = measureTypeCheck();
const empty = typeCheck[0]!;
console.log('Type-check time of a strict consumer (tsc --noEmit --strict, best of 5 runs)');
for (const t of typeCheck) {
  console.log(
    `  ${t.name.padEnd(28)} ${fmt(t.ms, 0).padStart(6)} ms   ratio to empty ${fmt(t.ms / empty.ms)}   types ${t.types}   instantiations ${t.instantiations}${t.errors ? `\n    type errors:\n${t.errors}` : ''}`,
  );
}
const all = typeCheck[typeCheck.length - 1]!;
console.log(`  every operation costs ${fmt(all.ms - empty.ms, 0)} ms over the empty program`);
