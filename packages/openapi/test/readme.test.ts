// Runs every ```ts block of README.md as written (with '@x/openapi/reader' pointed at the source)
// and checks each `console.log(...) // value` whose comment is a complete value.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inspect } from 'node:util';
import { afterAll, describe, expect, it, vi } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const readme = readFileSync(join(here, '..', 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] as string);
const workDir = join(here, '.readme');

const expectedLogs = (code: string): (string | undefined)[] =>
  code
    .split('\n')
    .filter((line) => line.includes('console.log('))
    .map((line) => /\/\/ (.*)$/.exec(line)?.[1]);

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('README examples', () => {
  it('has an example', () => {
    expect(blocks.length).toBeGreaterThan(0);
  });

  it.each(blocks.map((code, index) => [index + 1, code] as const))('example %i runs and prints what it says', async (index, code) => {
    mkdirSync(workDir, { recursive: true });
    const file = join(workDir, `example-${index}.ts`);
    writeFileSync(file, `${code.replaceAll("from '@x/openapi/reader'", "from '../../src/reader.ts'")}\nexport {};\n`);
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
