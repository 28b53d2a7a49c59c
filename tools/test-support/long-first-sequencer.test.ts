import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestSpecification, Vitest } from 'vitest/node';
import { expect, it } from 'vitest';
import { FIRST } from '../vitest.config.ts';
import { longFirstSequencer } from './long-first-sequencer.ts';

const root = '/repo/pkg';
const spec = (file: string) =>
  ({
    project: { name: 'p', config: { sequence: { groupOrder: 0 }, isolate: true } },
    moduleId: join(root, file),
  }) as unknown as TestSpecification;
/** No previous run cached (a fresh clone): vitest's own order is then by file size. */
const vitest = { cache: { getTestSpecificationResult: () => undefined }, state: {} } as unknown as Vitest;

it("starts the named files first in their order, the last ones last, and keeps vitest's order otherwise", async () => {
  const Sequencer = longFirstSequencer(root, ['test/long.test.ts', 'test/slow/'], ['test/final.test.ts']);
  const files = ['a.test.ts', 'test/final.test.ts', 'test/slow/one.test.ts', 'b.test.ts', 'test/long.test.ts'].map(spec);
  const sorted = await new Sequencer(vitest).sort(files);
  const names = sorted.map((s) => s.moduleId.slice(root.length + 1));
  expect(names.slice(0, 2)).toEqual(['test/long.test.ts', 'test/slow/one.test.ts']);
  expect(names.at(-1)).toBe('test/final.test.ts');
  // the others between them
  expect(names.slice(2, -1).sort()).toEqual(['a.test.ts', 'b.test.ts']);
});

it('names only test files of the tools project that exist (a moved file would silently lose its place)', () => {
  for (const path of FIRST) expect(existsSync(join(import.meta.dirname, '..', path)), path).toBe(true);
});
