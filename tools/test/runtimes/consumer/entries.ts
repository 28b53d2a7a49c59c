// The entries meant for every runtime of the matrix, edge workers included: each a literal
// `import()`, so that a bundler sees (and bundles) exactly these. The runtimes that take more add
// theirs beside (cli.ts, page.ts).
import type { Entries } from './steps.js';

export const webEntries: Entries = {
  '@x/types': () => import('@x/types'),
  '@x/fetch-client': () => import('@x/fetch-client'),
  '@x/fetch-client/sdk': () => import('@x/fetch-client/sdk'),
  '@x/fetch-client/validate': () => import('@x/fetch-client/validate'),
  '@x/openapi/reader': () => import('@x/openapi/reader'),
  '@x/signing': () => import('@x/signing'),
  '@x/signing/flows': () => import('@x/signing/flows'),
  '@x/chain': () => import('@x/chain'),
};
