// Every README example says what to install: each package a TypeScript example imports is named
// by an install command (`npm install ...`, `pnpm add ...`) in a shell block earlier in the same README.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicPackages } from './workspace.ts';

const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Code blocks whose imports are checked: every JavaScript and TypeScript example. */
const CODE = new Set(['ts', 'tsx', 'typescript', 'js', 'mjs', 'jsx', 'javascript']);

/** The packages a README's examples import before an install command (in a `sh` block) names them. */
function missingInstalls(text: string): string[] {
  const installed = new Set<string>();
  const missing: string[] = [];
  for (const block of text.matchAll(/```(\w+)\n([\s\S]*?)```/g)) {
    const [, lang, body] = block as unknown as [string, string, string];
    if (lang === 'sh') {
      for (const line of body.split('\n')) {
        const m = /^\s*(?:npm (?:install|i)|pnpm add|yarn add)\s+(.*)$/.exec(line);
        if (m)
          for (const word of m[1]!.split(/\s+/))
            if (word && !word.startsWith('-')) installed.add(packageOf(word.replace(/(?<=.)@[^/]*$/, '')));
      }
    } else if (CODE.has(lang)) {
      for (const m of body.matchAll(/from '([^'.][^']*)'/g)) {
        const name = packageOf(m[1]!);
        if (!name.startsWith('node:') && !installed.has(name))
          missing.push(`${name} (imported by an example before any install line names it)`);
      }
    }
  }
  return [...new Set(missing)];
}

it('checks the imports of JavaScript examples too, not only TypeScript ones', () => {
  const fence = '```';
  const readme = [`${fence}sh`, 'npm install @x/types', fence, `${fence}ts`, "import type { A } from '@x/types';", fence];
  expect(missingInstalls(readme.join('\n'))).toEqual([]);
  for (const lang of ['js', 'ts', 'tsx'])
    expect(missingInstalls([...readme, `${fence}${lang}`, "import { createSimulator } from '@x/mock';", fence].join('\n')), lang).toEqual([
      '@x/mock (imported by an example before any install line names it)',
    ]);
});

describe.each(publicPackages.map((p) => [p.name, p] as const))('%s README', (_name, pkg) => {
  it('installs every package its examples import before the example', () => {
    expect(missingInstalls(readFileSync(join(pkg.dir, 'README.md'), 'utf8'))).toEqual([]);
  });

  it('opens and closes every code block on a line of its own (text after a closing fence keeps the block open)', () => {
    const text = readFileSync(join(pkg.dir, 'README.md'), 'utf8');
    const fences = text.split('\n').filter((line) => line.trimStart().startsWith('```'));
    expect(fences.filter((line) => !/^\s*```\w*\s*$/.test(line))).toEqual([]);
    expect(fences.length % 2).toBe(0);
  });
});
