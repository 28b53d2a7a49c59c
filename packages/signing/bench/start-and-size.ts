// `pnpm run bench` (second part): cold start of @x/signing against @solana/web3.js on Node, Bun and
// Deno, and the bundle size of a swap worker against the same program with @solana/kit alone, side
// by side in one run. Prints figures, baselines and targets; asserts nothing.
import { COLD_ROUNDS, printColdStarts } from '../../../tools/bench-support/cold-start.ts';
import { COLD_PROGRAMS, measureSigningColdStarts } from './cold-start.ts';
import { measureWorkerBundles, WORKER_BUNDLE_CONDITIONS, WORKER_BUNDLE_DEFINE, type WorkerBundle } from './worker-bundle.ts';

const TARGET_COLD_VS_WEB3 = 0.5;
const fmt = (n: number, digits = 2) => n.toFixed(digits);
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

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
if (ours && kit) {
  console.log(
    `  target: the @x worker <= the kit-alone program -> ${ours.gzipped} B vs ${kit.gzipped} B, ratio ${fmt(ours.gzipped / kit.gzipped)} (${verdict(ours.gzipped <= kit.gzipped)})`,
  );
}
if (ours && kit && byHand) {
  console.log(
    `  of the difference: @x/signing on kit-alone's fetch calls / kit alone = ${fmt(byHand.gzipped / kit.gzipped)}; @x/fetch-client instead of them adds ${ours.gzipped - byHand.gzipped} B gz`,
  );
}
