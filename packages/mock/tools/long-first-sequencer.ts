// The order @x/mock's test files start in: vitest's own (larger files first, by project), except that
// the projects whose files run longest (the fuzz run, the packed browser project, Prism) start
// first, so that with two workers the last file to finish is a short one rather than the fuzz run.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Project names, longest-running first; projects not listed keep vitest's order after them. */
export const LONG_FIRST = ['reliability', 'browser', 'contract'];

const rank = (spec: TestSpecification): number => {
  const index = LONG_FIRST.indexOf(spec.project.name);
  return index === -1 ? LONG_FIRST.length : index;
};

export class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: vitest's order holds within a rank.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
