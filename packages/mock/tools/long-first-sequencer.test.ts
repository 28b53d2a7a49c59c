import type { TestSpecification, Vitest } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import config from '../vitest.config.ts';
import { LONG_FIRST, LongFirstSequencer } from './long-first-sequencer.ts';

/** A test file of `project`, as the sequencer sees it. */
const spec = (project: string, file: string) =>
  ({
    project: { name: project, config: { sequence: { groupOrder: 0 }, isolate: false } },
    moduleId: `/${file}`,
  }) as unknown as TestSpecification;
/** A previous run of every file, all equally long: vitest's own order is then by project name. */
const vitest = { cache: { getTestSpecificationResult: () => ({ failed: false, duration: 1 }) } } as unknown as Vitest;

describe('LongFirstSequencer', () => {
  it("starts the long projects' files first, in the listed order, and keeps vitest's order within each project", async () => {
    const files = [
      spec('unit', 'a'),
      spec('e2e', 'b'),
      spec('reliability', 'c'),
      spec('contract', 'd'),
      spec('browser', 'e'),
      spec('unit', 'f'),
      spec('browser', 'g'),
    ];
    const sorted = await new LongFirstSequencer(vitest).sort(files);
    expect(sorted.map((s) => `${s.project.name}:${s.moduleId}`)).toEqual([
      'reliability:/c',
      'browser:/e',
      'browser:/g',
      'contract:/d',
      'e2e:/b',
      'unit:/a',
      'unit:/f',
    ]);
  });

  it('names only projects of the config (a renamed project would silently lose its place)', () => {
    const projects = (config.test?.projects ?? []).map((p) => (p as { test?: { name?: string } }).test?.name);
    for (const name of LONG_FIRST) expect(projects).toContain(name);
  });
});
