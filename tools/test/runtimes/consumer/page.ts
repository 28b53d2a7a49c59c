// The consumer program in Chromium: the entries the row takes (the bundle's `./entries.js` holds
// only those: every one but the Node-only `@x/mock/node`, rows.ts `NOT_FOR`). Its one scenario,
// `run(options)`, is called by the browser test helper (tools/browser/page.ts), whose expose.ts is
// copied beside this file into the project.
import { allEntries } from './entries.js';
import { exposeScenarios } from './expose.js';
import { runSteps, type RunOptions } from './steps.js';

exposeScenarios({ run: (options: RunOptions) => runSteps(allEntries, options) });
