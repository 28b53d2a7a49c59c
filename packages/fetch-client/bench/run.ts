// `pnpm run bench`: per-request overhead, bundle size and type-check time, side by side in one run.
// Prints measurements and ratios against the targets; asserts nothing (times depend on the machine).
import { measureBundles } from './bundle-size.ts';
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
const verdict = (ok: boolean) => (ok ? 'within target' : 'ABOVE TARGET');

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
  const ratio = raw['@x/fetch-client']!;
  const baseline = raw['openapi-fetch']!;
  console.log(`  target: @x/fetch-client / raw fetch <= 1.05 -> ${fmt(ratio)} (${verdict(ratio <= 1.05)})`);
  console.log(`  target: below openapi-fetch in the same run -> ${fmt(ratio)} vs ${fmt(baseline)} (${verdict(ratio < baseline)})`);
  const limited = overhead.ratioTo['raw + time limit'];
  const capped = overhead.ratioTo['raw + limit + size cap'];
  console.log(
    `  the time limit alone (an AbortController and a timer) costs ${fmt(raw['raw + time limit']!)}; @x/fetch-client / that baseline ${fmt(limited['@x/fetch-client']!)} (openapi-fetch, which has no time limit, ${fmt(limited['openapi-fetch']!)})`,
  );
  console.log(
    `  the time limit and the size cap's header checks cost ${fmt(raw['raw + limit + size cap']!)}; @x/fetch-client / that baseline ${fmt(capped['@x/fetch-client']!)}\n`,
  );
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
  `  target: one operation + runtime <= 3,000 B gz -> ${one.gzipped} B (${verdict(one.gzipped <= 3000)}); openapi-fetch in the same run ${openapiFetch.gzipped} B, ratio ${fmt(one.gzipped / openapiFetch.gzipped)}`,
);
console.log(`  target: whole client <= 4,500 B gz -> ${whole.gzipped} B (${verdict(whole.gzipped <= 4500)})\n`);

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
