// The order @x/mock's test files start in: vitest's own (by project, larger files first), except that
// the longest-running files (the fuzz run, the packed browser project, Prism) start first, so that
// with two workers the last file to finish is a short one rather than the fuzz run, and the
// concurrency test starts last, when the fuzz run is over: the two load tests never share the machine.
import { longFirstSequencer } from '../../../tools/test-support/long-first-sequencer.ts';

/** Paths (from the package's root) or folders (ending in `/`), longest-running first. */
export const FIRST = ['test/fuzz/fuzz.test.ts', 'test/browser/', 'test/contract/'];
/** Paths or folders whose files start after every other file. */
export const LAST = ['test/concurrency/'];

export const LongFirstSequencer = longFirstSequencer(new URL('..', import.meta.url).pathname, FIRST, LAST);
