// The MSW handlers and fixtures run in browsers and under jest/vitest alike: everything reachable
// from src/msw/index.ts may import only relative modules and `msw` (no node: built-ins), plus
// types from @x/types (type-only imports, erased from the built code).
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

/** Module specifiers a file loads at run time (type-only imports and exports are left out). */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/(?:import|export)\s(type\s)?[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)]
    .filter((m) => m[1] === undefined)
    .map((m) => m[2] ?? m[3]!);
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

  it('reaches the generated handlers and fixtures', () => {
    const files = [...graph.keys()].map((f) => f.slice(resolve(here, '..').length + 1)).sort();
    expect(files).toEqual(expect.arrayContaining(['gen/fixtures.gen.ts', 'gen/msw.gen.ts', 'msw/handlers.ts']));
  });

  it('imports nothing but relative modules and msw', () => {
    const external = [...graph.values()].flat().filter((s) => !s.startsWith('.'));
    expect([...new Set(external)].sort()).toEqual(['msw']);
  });
});

describe('browser safety of the core entry (@x/mock)', () => {
  const graph = reachable(resolve(here, '..', 'index.ts'));
  const files = [...graph.keys()].map((f) => f.slice(resolve(here, '..').length + 1));

  it('reaches the simulator but no node serving code', () => {
    expect(files).toContain('simulator/index.ts');
    expect(files.filter((f) => f.startsWith('server/') || f.startsWith('node/'))).toEqual([]);
  });

  it('loads no msw (an optional peer: only @x/mock/msw needs it)', () => {
    const external = new Set([...graph.values()].flat());
    expect([...external].filter((s) => s === 'msw' || s.startsWith('msw/'))).toEqual([]);
  });

  it('loads no node: built-in and no computed module', () => {
    const external = [...new Set([...graph.values()].flat().filter((s) => !s.startsWith('.')))];
    expect(external.filter((s) => s.startsWith('node:'))).toEqual([]);
    for (const file of graph.keys()) expect(readFileSync(file, 'utf8')).not.toMatch(/import\(\s*[^'"\s]/);
  });
});
