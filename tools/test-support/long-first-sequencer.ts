// A vitest sequencer that starts the longest-running test files first: on a fresh clone vitest has no
// durations cached and orders by file size, so with two workers a long file could start last and run
// alone while the other worker idles. Named files start first (in the order given), files named in
// `last` after every other one, the rest in vitest's own order.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The sequencer class for a package: `root` is its directory; `first` and `last` are paths from it or
 * folders (ending in `/`), longest-running first.
 */
export function longFirstSequencer(root: string, first: readonly string[], last: readonly string[] = []): typeof BaseSequencer {
  const matches = (spec: TestSpecification) => (entry: string) => {
    const path = relative(root, spec.moduleId);
    return entry.endsWith('/') ? path.startsWith(entry) : path === entry;
  };
  /** `first`'s index, then vitest's order, then `last`'s index. */
  const rank = (spec: TestSpecification): number => {
    const early = first.findIndex(matches(spec));
    if (early !== -1) return early;
    const late = last.findIndex(matches(spec));
    return late === -1 ? first.length : first.length + 1 + late;
  };
  return class LongFirstSequencer extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      // Array.prototype.sort is stable: vitest's order holds within a rank.
      return sorted.sort((a, b) => rank(a) - rank(b));
    }
  };
}
