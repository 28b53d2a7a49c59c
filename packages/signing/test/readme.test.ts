/**
 * Runs every ```ts block of README.md as written (with '@x/signing' pointed at the source), and
 * checks each `console.log(...) // value` whose comment is a complete value.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inspect } from 'node:util';
import { afterAll, describe, expect, it, vi } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const readme = readFileSync(join(here, '..', 'README.md'), 'utf8');
// Blocks that start with `// needs:` depend on a running server and are not run here.
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)]
  .map((match) => match[1] as string)
  .filter((code) => !code.startsWith('// needs:'));
const workDir = join(here, '.readme');

function expectedLogs(code: string): (string | undefined)[] {
  return code
    .split('\n')
    .filter((line) => line.includes('console.log('))
    .map((line) => {
      const comment = /\/\/ (.*)$/.exec(line)?.[1];
      return comment === undefined || comment.includes('…') ? undefined : comment;
    });
}

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('README examples', () => {
  it('has examples', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(5);
  });

  it.each(blocks.map((code, index) => [index + 1, code] as const))('example %i runs and prints what it says', async (index, code) => {
    mkdirSync(workDir, { recursive: true });
    const file = join(workDir, `example-${index}.ts`);
    const source = code
      .replaceAll("from '@x/signing/flows'", "from '../../src/flows/index.js'")
      .replaceAll("from '@x/signing'", "from '../../src/index.js'");
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
