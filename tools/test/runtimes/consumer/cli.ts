// The consumer program on Node, Bun and Deno: `<runtime> cli.js <options JSON>`, where the options
// name the simulator, the steps and the entries of that runtime; prints one JSON line of results.
import { allEntries } from './entries.js';
import { runSteps, type Entries, type RunOptions } from './steps.js';

// the Node globals this program uses (Bun and Deno have them too; the project installs no @types/node)
declare const process: { readonly argv: readonly string[]; exit(code: number): never };

const options = JSON.parse(process.argv[2] ?? '{}') as RunOptions & { readonly entries: readonly (keyof Entries)[] };
const entries: Entries = Object.fromEntries(options.entries.map((name) => [name, allEntries[name]]));
console.log(JSON.stringify(await runSteps(entries, options)));
// msw (behind `@x/mock/msw`) opens a BroadcastChannel when imported; Node and Bun let the program end
// with it open, Deno waits on it forever. A program that imports it ends explicitly.
process.exit(0);
