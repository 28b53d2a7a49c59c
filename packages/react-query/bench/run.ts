// `pnpm run bench`: what @x/react-query adds to a bundle (min+gz, beside the same program by hand)
// and what its options cost to build (beside hand-written options, in the same run). Prints the
// figures and the ratios; asserts nothing (times depend on the machine). No target has been decided
// for these figures yet: they are printed, not judged ("met"/"MISSED" waits for one).
import { measureBundles } from './bundle-size.ts';
import { measureOptionsCost } from './options-cost.ts';

console.log(`@x/react-query benchmark (node ${process.version}, ${process.platform}/${process.arch})\n`);

console.log('Bundle size, min+gz (esbuild, browser, React production), each beside the same program by hand:');
const bundles = await measureBundles();
for (const { name, withPackage, byHand } of bundles)
  console.log(
    `  ${name.padEnd(52)} ${String(withPackage).padStart(7)} B   by hand ${String(byHand).padStart(7)} B   added ${withPackage - byHand} B`,
  );
console.log('  (printed, no target decided)\n');

const cost = measureOptionsCost();
console.log(`Building ${cost.count} query options of swapGetOrder (median of ${cost.rounds} interleaved rounds):`);
const base = cost.msPerRun['hand-written']!;
for (const [name, ms] of Object.entries(cost.msPerRun))
  console.log(`  ${name.padEnd(56)} ${ms.toFixed(2).padStart(8)} ms   ratio to hand-written ${(ms / base).toFixed(2)}`);
console.log('  (printed, no target decided)');
