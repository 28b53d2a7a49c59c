// The MSW handlers and fixtures run in browsers and under jest/vitest alike: everything reachable
// from src/msw/index.ts may import only relative modules and `msw` (no node: built-ins).
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]!);
}

function reachable(entry: string): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    const specifiers = importsOf(file);
    seen.set(file, specifiers);
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) queue.push(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
    }
  }
  return seen;
}

describe('browser safety of the MSW entry', () => {
  const graph = reachable(resolve(here, 'index.ts'));

  it('reaches the generated handlers, fixtures and types', () => {
    const files = [...graph.keys()].map((f) => f.slice(resolve(here, '..').length + 1)).sort();
    expect(files).toEqual(expect.arrayContaining(['gen/fixtures.gen.ts', 'gen/msw.gen.ts', 'gen/types.gen.ts', 'msw/handlers.ts']));
  });

  it('imports nothing but relative modules and msw', () => {
    const external = [...graph.values()].flat().filter((s) => !s.startsWith('.'));
    expect([...new Set(external)].sort()).toEqual(['msw']);
  });
});
