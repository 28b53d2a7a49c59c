// The guide pages' includes: a README section comes in whole, and a heading that is not there
// fails the build rather than leaving a page without its content.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGuides, sectionUnder, tsBlockUnder } from '../tools/guides.ts';

const readme = new URL('../../mock/README.md', import.meta.url).pathname;

describe('guide includes', () => {
  it('puts the mock README section on paper trading into its guide page', () => {
    const guide = loadGuides(new URL('../src/guides', import.meta.url).pathname).find((g) => g.name === 'Paper trading')!;
    const section = sectionUnder(readme, '4. Paper trading: live market data, simulated money');
    expect(section).toContain('npx x-mock serve --port 4010 --upstream http://127.0.0.1:4011');
    expect(section).not.toContain('## The example world');
    expect(guide.markdown).toContain(section);
    expect(guide.markdown).not.toContain('<!--');
  });

  it('puts the React examples of the @x/react-query README (run by its tests) into getting started', () => {
    const guide = loadGuides(new URL('../src/guides', import.meta.url).pathname).find((g) => g.name === 'Getting started')!;
    const reactReadme = new URL('../../react-query/README.md', import.meta.url).pathname;
    for (const heading of ['A small app', 'Swap']) expect(guide.markdown).toContain(tsBlockUnder(reactReadme, heading));
    expect(guide.markdown).toContain("import { XClientProvider, useSwapQuote, useXQueries } from '@x/react-query';");
  });

  it('getting started names the errors a paged list and a waiter end with', () => {
    const guide = loadGuides(new URL('../src/guides', import.meta.url).pathname).find((g) => g.name === 'Getting started')!;
    const waiting = guide.markdown.slice(guide.markdown.indexOf('**9. Waiting for an outcome**'), guide.markdown.indexOf('**10.'));
    expect(waiting).toMatch(/without `query\.id`[^.]*`TypeError`/);
    expect(waiting).toMatch(/any other error of a poll/i);
    const client = guide.markdown.slice(guide.markdown.indexOf('**3. The typed client**'), guide.markdown.indexOf('**4.'));
    expect(client).toMatch(/`paginate[^`]*`[^.]*`PaginationError`/);
  });

  it('stops a section at the next heading of its level, not inside a code block', () => {
    const dir = mkdtempSync(join(tmpdir(), 'guides-'));
    try {
      const file = join(dir, 'R.md');
      writeFileSync(file, '# Top\n\n## A\n\ntext\n\n```sh\n# a comment, not a heading\n```\n\n### A.1\n\nmore\n\n## B\n\nother\n');
      expect(sectionUnder(file, 'A')).toBe('text\n\n```sh\n# a comment, not a heading\n```\n\n### A.1\n\nmore');
      expect(() => sectionUnder(file, 'C')).toThrow(/no heading "C"/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
