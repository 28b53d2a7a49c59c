// Runs the ```ts blocks of a package's README as written, with the package's published entries
// pointed at its sources, and checks each `console.log(...) // value` whose comment is a complete
// value (a comment holding `…` is an abridged value and is not compared). Blocks that start with
// `// needs:` depend on a running server and are not run. `section` limits the run to the blocks
// under one heading (up to the next heading of the same or a higher level).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inspect } from 'node:util';
import { afterAll, describe, expect, it, vi } from 'vitest';

export interface ReadmeExamples {
  /** The package's folder (where README.md is). */
  packageDir: string;
  /** Import specifier → source file, relative to `<packageDir>/test/.readme/`; the longest first. */
  sources: Record<string, string>;
  /** The least number of runnable examples the README must have. */
  atLeast?: number;
  /** A heading line of the README, e.g. `## 3. MSW`: only the blocks of its section run. Default: the whole README. */
  section?: string;
}

const expectedLogs = (code: string): (string | undefined)[] =>
  code
    .split('\n')
    .filter((line) => line.includes('console.log('))
    .map((line) => {
      const comment = /\/\/ (.*)$/.exec(line)?.[1];
      return comment === undefined || comment.includes('…') ? undefined : comment;
    });

/** The text under the heading line `heading`, up to the next heading of the same or a higher level (outside code fences). */
function sectionOf(readme: string, heading: string): string {
  const lines = readme.split('\n');
  const start = lines.indexOf(heading);
  const level = /^(#+) /.exec(heading)?.[1]?.length;
  if (start === -1 || level === undefined) throw new Error(`README.md has no heading line ${JSON.stringify(heading)}`);
  let fenced = false;
  let end = lines.length;
  for (let i = start + 1; i < lines.length; i++) {
    if (lines[i]!.startsWith('```')) fenced = !fenced;
    const depth = fenced ? undefined : /^(#+) /.exec(lines[i]!)?.[1]?.length;
    if (depth !== undefined && depth <= level) {
      end = i;
      break;
    }
  }
  return lines.slice(start, end).join('\n');
}

/** Declares the test suite: one test per runnable example. */
export function describeReadmeExamples({ packageDir, sources, atLeast = 1, section }: ReadmeExamples): void {
  const whole = readFileSync(join(packageDir, 'README.md'), 'utf8');
  const readme = section === undefined ? whole : sectionOf(whole, section);
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)]
    .map((match) => match[1] as string)
    .filter((code) => !code.startsWith('// needs:'));
  const workDir = join(packageDir, 'test', '.readme');

  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  describe('README examples', () => {
    it(`has at least ${atLeast} runnable example${atLeast > 1 ? 's' : ''}`, () => {
      expect(blocks.length).toBeGreaterThanOrEqual(atLeast);
    });

    it.each(blocks.map((code, index) => [index + 1, code] as const))('example %i runs and prints what it says', async (index, code) => {
      mkdirSync(workDir, { recursive: true });
      const file = join(workDir, `example-${index}.ts`);
      let source = code;
      for (const [specifier, path] of Object.entries(sources)) source = source.replaceAll(`from '${specifier}'`, `from '${path}'`);
      writeFileSync(file, `${source}\nexport {};\n`);
      const printed: string[] = [];
      const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
        printed.push(args.map((arg) => (typeof arg === 'string' ? arg : inspect(arg))).join(' '));
      });
      try {
        await import(pathToFileURL(file).href);
      } finally {
        spy.mockRestore();
      }
      const expected = expectedLogs(code);
      expect(printed).toHaveLength(expected.length);
      expected.forEach((value, line) => {
        if (value !== undefined) expect(printed[line]).toBe(value);
      });
    });
  });
}
