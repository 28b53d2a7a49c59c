// The generated tables of the @x/mock README (the example world, the units of time fields, the
// trigger v2 history values) are what the spec says now: regenerate them with
// `node tools/test/readme/tables.ts --write` when the spec changes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../../packages/openapi/dist/reader.js';
import { publicPackages, root } from './workspace.ts';
import { historyValues, mockReadme, renderReadme, timeFieldsTable, worldTable } from './readme/tables.ts';

describe('@x/mock README tables generated from the spec', () => {
  const readme = readFileSync(mockReadme, 'utf8');

  it('match the spec', () => {
    expect(readme).toBe(renderReadme(readme));
  });

  it('name every token with its mint and decimals, PLATFORM_STABLE and the tip receiver included', () => {
    const world = worldTable();
    expect(world).toMatch(/\| `PLATFORM_STABLE` \| `\w{32,44}` \| \d+ \| [\d ]+ \| [\d.]+ \|/);
    expect(world).toMatch(/\| `world\.tipReceiver` \| `\w{32,44}` \|/);
    expect(world).toMatch(/\| `world\.feeAccounts\.referralAccount` \| `\w{32,44}` \|/);
  });

  it('state the unit of the trigger v2 history times and its state values', () => {
    expect(timeFieldsTable()).toContain('| `TriggerV2OrderRecord` | `expiresAt` | Unix milliseconds |');
    expect(historyValues()).toMatch(/state=`: `active` or `past`/);
  });
});

describe('root README', () => {
  it('names the token behind every mint of its curl examples', () => {
    const tokens = (loadSpec()['x-example-values'] as { tokens: { symbol: string; mint: string }[] }).tokens;
    const text = readFileSync(join(root, 'README.md'), 'utf8');
    const blocks = [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!).filter((b) => b.includes('curl '));
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) {
      for (const [, param, mint] of block.matchAll(/(\w*Mint)=(\w+)/g)) {
        const symbol = tokens.find((t) => t.mint === mint)?.symbol;
        expect(symbol, `${param}=${mint} is a token of the example world`).toBeDefined();
        expect(block, `${param} is named`).toContain(`${param}: ${symbol}`);
      }
    }
  });
});

describe('root README engines table', () => {
  it('states the engines floor every public package declares', () => {
    const text = readFileSync(join(root, 'README.md'), 'utf8');
    for (const pkg of publicPackages) {
      const row = text.split('\n').find((line) => /^\|[^|]*\|\s*>=/.test(line) && line.split('|')[1]!.includes(`\`${pkg.name}\``));
      expect(row, `${pkg.name} has a row`).toBeDefined();
      expect(row!.split('|')[2]!.trim(), pkg.name).toBe(pkg.json.engines.node.replace('>=', '>= '));
    }
  });
});

describe('the Runtimes section of every published README', () => {
  it.each(publicPackages.map((p) => [p.name, p] as const))(
    '%s: has one, and it states the engines floor the package declares',
    (_name, pkg) => {
      const text = readFileSync(join(pkg.dir, 'README.md'), 'utf8');
      const section = /^## Runtimes\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(text)?.[1];
      expect(section, `${pkg.name} README has a "## Runtimes" section`).toBeDefined();
      expect(section).toContain(`Node ${pkg.json.engines.node.replace('>=', '>= ')}`);
      expect(section).toContain('../../README.md#runtimes');
    },
  );
});
