// The consumer program on workerd: the entries the row takes (the bundle's `./entries.js` holds
// only those, entries-module.ts), not `@x/mock`'s: its core entry does not run there (worker-mock.ts
// shows how it fails), `@x/mock/node` is Node's, and msw (behind `@x/mock/msw`) runs in Node and
// browsers only (rows.ts `NOT_FOR`). `GET /?options=<JSON>` answers the results.
import { allEntries } from './entries.js';
import { runSteps, type RunOptions } from './steps.js';

export default {
  async fetch(request: Request): Promise<Response> {
    const options = JSON.parse(new URL(request.url).searchParams.get('options') ?? '{}') as RunOptions;
    return Response.json(await runSteps(allEntries, options));
  },
};
