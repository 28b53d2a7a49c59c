// `@x/mock`'s core entry alone on workerd, in a bundle of its own (so that what it needs cannot
// keep the main consumer from bundling): the matrix checks that it fails the documented way.
import { runSteps, type Entries, type RunOptions } from './steps.js';

const entries: Entries = { '@x/mock': () => import('@x/mock') };

export default {
  async fetch(request: Request): Promise<Response> {
    const options = JSON.parse(new URL(request.url).searchParams.get('options') ?? '{}') as RunOptions;
    return Response.json(await runSteps(entries, options));
  },
};
