// The bundle is what users read (the docs site, the JSDoc of the generated types). It speaks of
// the service's API reference and its public guides, never of our internal sources' names: the
// word "seed" must not appear in it (test file names and seed-manifest.yaml are internal).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { specPath } from './bundled-spec.ts';

export const INTERNAL_WORD = /\bseeds?\b/i;

/** Every place where the internal word occurs, as `pointer: text`. */
export function internalWords(node: unknown, where = '#', out: string[] = []): string[] {
  if (typeof node === 'string') {
    if (INTERNAL_WORD.test(node)) out.push(`${where}: ${node.slice(0, 120)}`);
  } else if (Array.isArray(node)) for (const [i, n] of node.entries()) internalWords(n, `${where}/${i}`, out);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (INTERNAL_WORD.test(k)) out.push(`${where}/${k} (key)`);
      internalWords(v, `${where}/${k}`, out);
    }
  }
  return out;
}

describe('published text', () => {
  it('the bundle never says "seed"', () => {
    expect(internalWords(JSON.parse(readFileSync(specPath, 'utf8')))).toEqual([]);
  });

  it('nor does its YAML form', () => {
    const yaml = readFileSync(specPath.replace(/\.json$/, '.yaml'), 'utf8');
    expect(yaml.split('\n').filter((l) => INTERNAL_WORD.test(l))).toEqual([]);
  });

  it('finds the word where it is', () => {
    expect(internalWords({ a: { description: 'The Seed does not show it.' } })).toEqual(['#/a/description: The Seed does not show it.']);
    expect(internalWords({ b: ['seeded values', 'the seeds'] })).toEqual(['#/b/1: the seeds']);
  });
});
