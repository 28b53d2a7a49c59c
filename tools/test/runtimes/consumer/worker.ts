// The consumer program on workerd: the entries meant for edge workers. Not `@x/mock`'s: its core
// entry does not run there (worker-mock.ts shows how it fails), `@x/mock/node` is Node's, and msw
// (behind `@x/mock/msw`) runs in Node and browsers only. `GET /?options=<JSON>` answers the results.
import { runSteps, type Entries, type RunOptions } from './steps.js';

const entries: Entries = {
  '@x/types': () => import('@x/types'),
  '@x/fetch-client': () => import('@x/fetch-client'),
  '@x/fetch-client/sdk': () => import('@x/fetch-client/sdk'),
  '@x/fetch-client/validate': () => import('@x/fetch-client/validate'),
  '@x/openapi/reader': () => import('@x/openapi/reader'),
  '@x/signing': () => import('@x/signing'),
  '@x/signing/flows': () => import('@x/signing/flows'),
  '@x/chain': () => import('@x/chain'),
};

export default {
  async fetch(request: Request): Promise<Response> {
    const options = JSON.parse(new URL(request.url).searchParams.get('options') ?? '{}') as RunOptions;
    return Response.json(await runSteps(entries, options));
  },
};
