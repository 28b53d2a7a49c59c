// Cold start of @x/fetch-client against openapi-fetch on Node, Bun and Deno (bench/cold-start/*.mjs,
// run by tools/bench-support/cold-start.ts) against the bench's local server.
import { fileURLToPath } from 'node:url';
import { measureColdStarts } from '../../../tools/bench-support/cold-start.ts';

const program = (name: string, file: string) => ({ name, file: fileURLToPath(new URL(`./cold-start/${file}`, import.meta.url)) });

/** The cold-start target: @x/fetch-client's import and first call at most this times openapi-fetch's, on every runtime. */
export const COLD_TARGET = 1.1;

export const COLD_PROGRAMS = {
  empty: program('empty program', 'empty.mjs'),
  x: program('@x/fetch-client', 'x-fetch-client.mjs'),
  baseline: program('openapi-fetch', 'openapi-fetch.mjs'),
  /** Raw fetch with the client's time limit and size cap: what the safety the client keeps costs. */
  floor: program('floor (raw fetch + limit + cap)', 'floor.mjs'),
};

export const measureClientColdStarts = (baseUrl: string) => measureColdStarts(Object.values(COLD_PROGRAMS), [baseUrl]);
