// The consumer program in Chromium: every entry but the Node-only `@x/mock/node`. Its one scenario,
// `run(options)`, is called by the browser test helper (tools/browser/page.ts), whose expose.ts is
// copied beside this file into the project.
import { webEntries } from './entries.js';
import { exposeScenarios } from './expose.js';
import { runSteps, type Entries, type RunOptions } from './steps.js';

const entries: Entries = {
  ...webEntries,
  '@x/mock': () => import('@x/mock'),
  '@x/mock/msw': () => import('@x/mock/msw'),
};

exposeScenarios({ run: (options: RunOptions) => runSteps(entries, options) });
