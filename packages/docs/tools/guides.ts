// The guide pages of the docs site: `src/guides/*.md` (a `name:` front matter, then markdown), in
// file-name order. `<!-- include: <file>#<heading> -->` is replaced by the first ```ts block under
// that heading of that file (a README whose examples its package's tests run), so the code of a
// guide is never a second copy.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export interface Guide {
  name: string;
  markdown: string;
}

export function tsBlockUnder(file: string, heading: string): string {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const at = lines.findIndex(
    (line) =>
      /^#{1,6} /.test(line) &&
      line
        .replace(/^#{1,6} /, '')
        .replace(/`/g, '')
        .trim() === heading,
  );
  if (at === -1) throw new Error(`${file}: no heading "${heading}"`);
  const rest = lines.slice(at + 1).join('\n');
  const block = /```ts\n([\s\S]*?)```/.exec(rest);
  if (!block) throw new Error(`${file}: no ts block under "${heading}"`);
  return block[1]!;
}

export function loadGuides(dir: string): Guide[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => {
      const file = join(dir, f);
      const text = readFileSync(file, 'utf8');
      const m = /^---\nname: (.+)\n---\n([\s\S]*)$/.exec(text);
      if (!m) throw new Error(`${file}: front matter with name: expected`);
      const name = m[1]!.trim().replace(/^'(.*)'$/, '$1');
      const markdown = m[2]!.replace(/<!-- include: (.+?)#(.+?) -->/g, (_, target: string, heading: string) => {
        const source = resolve(dirname(file), '..', '..', target.trim());
        return `\`\`\`ts\n${tsBlockUnder(source, heading.trim())}\`\`\``;
      });
      return { name, markdown: markdown.trim() };
    });
}
