// The operations table (and its counts) and the example-values table of spec/README.md are
// generated from the bundle by tools/readme-tables.mjs (`pnpm run readme`); this fails when stale.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatedParts, operationRows, renderReadme } from '../tools/readme-tables.mjs';
import { operations, spec } from './bundled-spec.ts';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('spec/README.md', () => {
  it('is up to date with the bundle (run `pnpm --filter @x/spec run readme`)', () => {
    expect(readme).toBe(renderReadme(readme, spec));
  });

  it('lists every operation of the bundle once, with its count', () => {
    const rows = operationRows(spec);
    expect(rows.map((r) => r[0]).sort()).toEqual(
      operations()
        .map((o) => o.op.operationId)
        .sort(),
    );
    expect(generatedParts(spec).operations).toContain(`${operations().length} operations`);
  });

  it('notices a stale table', () => {
    const stale = readme.replace(/\| swapGetOrder \|/, '| swapGetOrderOld |');
    expect(stale).not.toBe(readme);
    expect(renderReadme(stale, spec)).not.toBe(stale);
  });
});
