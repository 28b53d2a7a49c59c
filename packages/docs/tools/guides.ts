// The guide pages of the docs site: `src/guides/*.md` (a `name:` front matter, then markdown), in
// file-name order. `<!-- include: <file>#<heading> -->` is replaced by the first ```ts block under
// that heading of that file (a README whose examples its package's tests run), so the code of a
// guide is never a second copy; `<!-- include-section: <file>#<heading> -->` by the whole section
// under that heading (a README section whose session its package's tests run).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export interface Guide {
  name: string;
  markdown: string;
}

function headingAt(file: string, heading: string): { lines: string[]; at: number } {
  const lines = readFileSync(file, 'utf8').split('\n');
  const at = lines.findIndex(
    (line) =>
      /^#{1,6} /.test(line) &&
      line
        .replace(/^#{1,6} /, '')
        .replace(/`/g, '')
        .trim() === heading,
  );
  if (at === -1) throw new Error(`${file}: no heading "${heading}"`);
  return { lines, at };
}

/** The markdown under a heading, up to the next heading of the same or a higher level (code blocks skipped). */
export function sectionUnder(file: string, heading: string): string {
  const { lines, at } = headingAt(file, heading);
  const level = /^#+/.exec(lines[at]!)![0].length;
  let fenced = false;
  let end = lines.length;
  for (let i = at + 1; i < lines.length; i++) {
    if (lines[i]!.startsWith('```')) fenced = !fenced;
    const m = fenced ? null : /^(#{1,6}) /.exec(lines[i]!);
    if (m && m[1]!.length <= level) {
      end = i;
      break;
    }
  }
  return lines
    .slice(at + 1, end)
    .join('\n')
    .trim();
}

export function tsBlockUnder(file: string, heading: string): string {
  const { lines, at } = headingAt(file, heading);
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
      const source = (target: string) => resolve(dirname(file), '..', '..', target.trim());
      const markdown = m[2]!
        .replace(/<!-- include-section: (.+?)#(.+?) -->/g, (_, target: string, heading: string) =>
          sectionUnder(source(target), heading.trim()),
        )
        .replace(/<!-- include: (.+?)#(.+?) -->/g, (_, target: string, heading: string) => {
          return `\`\`\`ts\n${tsBlockUnder(source(target), heading.trim())}\`\`\``;
        });
      return { name, markdown: markdown.trim() };
    });
}
