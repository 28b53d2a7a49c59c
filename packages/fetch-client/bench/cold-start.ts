// Cold start of @x/fetch-client against openapi-fetch on Node, Bun and Deno (bench/cold-start/*.mjs,
// run by tools/bench-support/cold-start.ts) against the bench's local server.
import { fileURLToPath } from 'node:url';
import { measureColdStarts } from '../../../tools/bench-support/cold-start.ts';

const program = (name: string, file: string) => ({ name, file: fileURLToPath(new URL(`./cold-start/${file}`, import.meta.url)) });

/** The cold-start target: @x/fetch-client's import and first call at most this times openapi-fetch's, on every runtime. */
export const COLD_TARGET = 1.1;

/**
 * Rounds per runtime for the target (three times the shared default). The two programs differ by
 * a few percent, and on a shared 2-core machine one run of 15 rounds moved the ratio by more than
 * the target's margin: single runs of 15 rounds gave 0.85-1.18 on Deno and 1.02-1.12 on Node
 * for the same build. Three times the rounds narrow the median's spread by about the square root of three.
 */
export const CLIENT_COLD_ROUNDS = 45;

export const COLD_PROGRAMS = {
  empty: program('empty program', 'empty.mjs'),
  x: program('@x/fetch-client', 'x-fetch-client.mjs'),
  baseline: program('openapi-fetch', 'openapi-fetch.mjs'),
  /** Raw fetch with the client's time limit and size cap: what the safety the client keeps costs. */
  floor: program('floor (raw fetch + limit + cap)', 'floor.mjs'),
};

export const measureClientColdStarts = (baseUrl: string) => measureColdStarts(Object.values(COLD_PROGRAMS), [baseUrl], CLIENT_COLD_ROUNDS);
