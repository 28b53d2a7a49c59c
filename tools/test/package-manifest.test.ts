// Every public package is publishable as the project promises: exports types-first, a files
// allow-list, sideEffects, engines, license, repository, public access, a README with an example.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalog, publicPackages } from './workspace.ts';

describe.each(publicPackages.map((p) => [p.name, p] as const))('%s package.json', (_name, pkg) => {
  const j = pkg.json;

  it('exports conditions with types first, never a wildcard', () => {
    const entries = Object.entries<any>(j.exports);
    expect(entries.length).toBeGreaterThan(0);
    for (const [key, value] of entries) {
      expect(key).not.toContain('*');
      if (typeof value === 'object') expect(Object.keys(value)[0]).toBe('types');
    }
  });

  it('publishes an allow-list of files, public, with its metadata', () => {
    expect(j.files).toContain('dist');
    expect(j.sideEffects).toBe(false);
    // a plain floor (the release test installs each package with --engine-strict on exactly it)
    expect(j.engines?.node).toMatch(/^>=\d+\.\d+$/);
    expect(j.license).toBe('MIT');
    expect(j.repository?.directory).toBe(`packages/${pkg.dir.split('/').pop()}`);
    expect(j.publishConfig?.access).toBe('public');
  });

  it('pins its dependencies inside the workspace, to an exact version, or to the exact catalog version', () => {
    for (const [dep, range] of Object.entries<string>({ ...j.dependencies })) {
      expect(range, dep).toMatch(/^(workspace:\^|catalog:|\d+\.\d+\.\d+)$/);
      if (range === 'catalog:') expect(String(catalog[dep]), `catalog entry of ${dep}`).toMatch(/^\d+\.\d+\.\d+$/);
    }
  });

  it('has a README with a runnable TypeScript example', () => {
    const readme = join(pkg.dir, 'README.md');
    expect(existsSync(readme)).toBe(true);
    const text = readFileSync(readme, 'utf8');
    expect(text).toContain(pkg.name);
    expect(text).toMatch(/```ts[\s\S]*?from '@x\//);
  });
});
