// The order @x/mock's test files start in: vitest's own (by project, larger files first), except that
// the longest-running files (the fuzz run, the packed browser project, Prism) start first, so that
// with two workers the last file to finish is a short one rather than the fuzz run, and the
// concurrency test starts last, when the fuzz run is over: the two load tests never share the machine.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Paths (from the package's root) or folders (ending in `/`), longest-running first. */
export const FIRST = ['test/fuzz/fuzz.test.ts', 'test/browser/', 'test/contract/'];
/** Paths or folders whose files start after every other file. */
export const LAST = ['test/concurrency/'];

const root = new URL('..', import.meta.url).pathname;
const matches = (spec: TestSpecification) => (entry: string) => {
  const path = relative(root, spec.moduleId);
  return entry.endsWith('/') ? path.startsWith(entry) : path === entry;
};

/** FIRST's index, then vitest's order, then LAST's index. */
const rank = (spec: TestSpecification): number => {
  const first = FIRST.findIndex(matches(spec));
  if (first !== -1) return first;
  const last = LAST.findIndex(matches(spec));
  return last === -1 ? FIRST.length : FIRST.length + 1 + last;
};

export class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: vitest's order holds within a rank.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
