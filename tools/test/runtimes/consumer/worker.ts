// The consumer program on workerd: the entries meant for edge workers. Not `@x/mock`'s: its core
// entry does not run there (worker-mock.ts shows how it fails), `@x/mock/node` is Node's, and msw
// (behind `@x/mock/msw`) runs in Node and browsers only. `GET /?options=<JSON>` answers the results.
import { webEntries } from './entries.js';
import { runSteps, type RunOptions } from './steps.js';

export default {
  async fetch(request: Request): Promise<Response> {
    const options = JSON.parse(new URL(request.url).searchParams.get('options') ?? '{}') as RunOptions;
    return Response.json(await runSteps(webEntries, options));
  },
};
