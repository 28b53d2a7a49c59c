// The consumer program in Chromium: every entry but the Node-only `@x/mock/node`. Its one scenario,
// `run(options)`, is called by the browser test helper (tools/browser/page.ts), whose expose.ts is
// copied beside this file into the project.
import { exposeScenarios } from './expose.js';
import { runSteps, type Entries, type RunOptions } from './steps.js';

const entries: Entries = {
  '@x/types': () => import('@x/types'),
  '@x/fetch-client': () => import('@x/fetch-client'),
  '@x/fetch-client/sdk': () => import('@x/fetch-client/sdk'),
  '@x/fetch-client/validate': () => import('@x/fetch-client/validate'),
  '@x/openapi/reader': () => import('@x/openapi/reader'),
  '@x/mock': () => import('@x/mock'),
  '@x/mock/msw': () => import('@x/mock/msw'),
  '@x/signing': () => import('@x/signing'),
  '@x/signing/flows': () => import('@x/signing/flows'),
  '@x/chain': () => import('@x/chain'),
};

exposeScenarios({ run: (options: RunOptions) => runSteps(entries, options) });
