// The matrix's entries come from the packages' `exports` maps: every module entry of every
// published package, a new one included with no edit, and nothing that is not a module.
import { describe, expect, it } from 'vitest';
import { publicPackages } from '../workspace.ts';
import { ENTRIES, entriesOf, rowEntries, rows } from './rows.ts';

describe('the entries of the runtime matrix', () => {
  it('are the module entries of every published package, read from its exports map', () => {
    expect(ENTRIES).toEqual(expect.arrayContaining(['@x/catalogue', '@x/mcp', '@x/fetch-client/validate', '@x/openapi/reader']));
    expect(ENTRIES.filter((entry) => /\.(json|yaml)$/.test(entry))).toEqual([]);
    for (const pkg of publicPackages)
      expect(
        ENTRIES.some((entry) => entry.startsWith(pkg.name)),
        pkg.name,
      ).toBe(true);
  });

  it('take a new package and a new entry with no edit, and leave data files and package.json out', () => {
    const trial = {
      name: '@x/trial',
      json: {
        exports: {
          '.': { types: './dist/index.d.ts', default: './dist/index.js' },
          './extra': './dist/extra.mjs',
          './node': { types: './dist/node.d.ts', import: './dist/node.js' },
          './schema.json': './dist/schema.json',
          './package.json': './package.json',
        },
      },
    };
    expect(entriesOf(trial)).toEqual(['@x/trial', '@x/trial/extra', '@x/trial/node']);
  });

  it('leave out of a Node row the entries above its floor, and of a bundled row those its runtime does not take', () => {
    const row = (id: string) => rows.find((r) => r.id === id)!;
    expect(rowEntries(row('node-20.19.0'))).not.toContain('@x/mcp');
    expect(rowEntries(row('node-20.19.0'))).toContain('@x/catalogue');
    expect(rowEntries(row('node-24'))).toEqual([...ENTRIES]);
    expect(rowEntries(row('workerd-browser'))).toContain('@x/mcp');
    expect(rowEntries(row('workerd-browser'))).not.toContain('@x/mock/node');
    expect(rowEntries(row('chromium'))).toEqual(ENTRIES.filter((entry) => entry !== '@x/mock/node'));
  });
});
