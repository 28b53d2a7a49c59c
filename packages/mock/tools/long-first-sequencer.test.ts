import { existsSync } from 'node:fs';
import type { TestSpecification, Vitest } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import { FIRST, LAST, LongFirstSequencer } from './long-first-sequencer.ts';

const root = new URL('..', import.meta.url).pathname;
/** A test file of `project`, as the sequencer sees it. */
const spec = (project: string, file: string) =>
  ({
    project: { name: project, config: { sequence: { groupOrder: 0 }, isolate: false } },
    moduleId: `${root}${file}`,
  }) as unknown as TestSpecification;
/** A previous run of every file, all equally long: vitest's own order is then by project name. */
const vitest = { cache: { getTestSpecificationResult: () => ({ failed: false, duration: 1 }) } } as unknown as Vitest;

describe('LongFirstSequencer', () => {
  it("starts the fuzz run, then the browser and contract files, the concurrency test last, and keeps vitest's order otherwise", async () => {
    const files = [
      spec('unit', 'src/a.test.ts'),
      spec('reliability', 'test/concurrency/trigger-v2-flows.test.ts'),
      spec('e2e', 'test/e2e/flows.e2e.test.ts'),
      spec('reliability', 'test/fuzz/fuzz.test.ts'),
      spec('reliability', 'test/fuzz/mutations.test.ts'),
      spec('contract', 'test/contract/contract.test.ts'),
      spec('browser', 'test/browser/cors.browser.test.ts'),
      spec('unit', 'src/b.test.ts'),
      spec('browser', 'test/browser/mock.browser.test.ts'),
    ];
    const sorted = await new LongFirstSequencer(vitest).sort(files);
    expect(sorted.map((s) => s.moduleId.slice(root.length))).toEqual([
      'test/fuzz/fuzz.test.ts',
      'test/browser/cors.browser.test.ts',
      'test/browser/mock.browser.test.ts',
      'test/contract/contract.test.ts',
      'test/e2e/flows.e2e.test.ts',
      'test/fuzz/mutations.test.ts',
      'src/a.test.ts',
      'src/b.test.ts',
      'test/concurrency/trigger-v2-flows.test.ts',
    ]);
  });

  it('names only paths that exist (a moved file would silently lose its place)', () => {
    for (const path of [...FIRST, ...LAST]) expect(existsSync(`${root}${path}`), path).toBe(true);
  });
});
