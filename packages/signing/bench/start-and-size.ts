// `pnpm run bench` (second part): cold start of @x/signing against @solana/web3.js on Node, Bun and
// Deno, and the bundle size of a swap worker against the same program with @solana/kit alone, side
// by side in one run. Prints figures, baselines and targets; asserts nothing.
import { COLD_ROUNDS, printColdStarts } from '../../../tools/bench-support/cold-start.ts';
import { COLD_PROGRAMS, measureSigningColdStarts } from './cold-start.ts';
import { measureWorkerBundles, WORKER_BUNDLE_CONDITIONS, WORKER_BUNDLE_DEFINE, type WorkerBundle } from './worker-bundle.ts';

const TARGET_COLD_VS_WEB3 = 0.5;
const fmt = (n: number, digits = 2) => n.toFixed(digits);
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

const cold = await measureSigningColdStarts();
console.log(
  `\nCold start: a fresh process imports the package and makes its first signature of a swap transaction (median of ${COLD_ROUNDS} rounds per runtime)`,
);
printColdStarts(cold, {
  x: COLD_PROGRAMS.x.name,
  baseline: COLD_PROGRAMS.baseline.name,
  empty: COLD_PROGRAMS.empty.name,
  what: 'import + first signature',
  target: TARGET_COLD_VS_WEB3,
});

const bundles = await measureWorkerBundles();
console.log(
  `\nBundle size of a worker that signs and executes one swap (esbuild, minified, gzip -9; conditions ${WORKER_BUNDLE_CONDITIONS.join(', ')}; ${Object.entries(
    WORKER_BUNDLE_DEFINE,
  )
    .map(([k, v]) => `${k} = ${v}`)
    .join(', ')})`,
);
for (const b of bundles) {
  console.log(
    `  ${b.name.padEnd(30)} ${String(b.minified).padStart(7)} B min  ${String(b.gzipped).padStart(6)} B gz   run against the simulator: ${b.ran}`,
  );
}
const byName = (name: WorkerBundle['name']) => bundles.find((b) => b.name === name);
const ours = byName('@x/signing + @x/fetch-client');
const kit = byName('@solana/kit alone');
const byHand = byName('@x/signing, fetch by hand');
// The target (issue 22's choice): @x/signing alone, on the same hand-written fetch calls as the
// kit-alone program, against kit alone. The whole worker (with @x/fetch-client's safety) is printed.
if (byHand && kit) {
  console.log(
    `  target: @x/signing on kit-alone's fetch calls <= kit alone -> ${byHand.gzipped} B vs ${kit.gzipped} B, ratio ${fmt(byHand.gzipped / kit.gzipped)} (<= 1.0: ${verdict(byHand.gzipped <= kit.gzipped)})`,
  );
}
if (ours && kit && byHand) {
  console.log(
    `  printed, not targeted: the whole worker (@x/signing + @x/fetch-client) ${ours.gzipped} B, ratio to kit alone ${fmt(ours.gzipped / kit.gzipped)}; @x/fetch-client instead of the hand-written calls adds ${ours.gzipped - byHand.gzipped} B gz`,
  );
}
