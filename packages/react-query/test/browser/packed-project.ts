// The browser test's project, as a user gets it (tools/browser/packed-project.ts): @x/react-query
// and @x/mock packed and installed by npm into a fresh folder, with the peers at the exact versions
// this package is tested with (react, react-dom, @tanstack/react-query, msw).
import { readFileSync } from 'node:fs';
import { installPackedProject as install } from '../../../../tools/browser/packed-project.ts';
import { catalog } from '../../../../tools/test/workspace.ts';

const self = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  devDependencies: Record<string, string>;
};

/** The exact version this package tests a peer with. */
const pinned = (name: string) => catalog[name] ?? self.devDependencies[name]!;

/** Packs and installs; returns the project folder (remove it when done), which holds `page-entry.ts` and `expose.ts`. */
export function installPackedProject(): string {
  const peers = ['react', 'react-dom', '@tanstack/react-query', 'msw'];
  return install({
    name: 'x-react-query-browser',
    packages: ['@x/react-query', '@x/mock'],
    dependencies: Object.fromEntries(peers.map((name) => [name, pinned(name)])),
    entry: new URL('./page-entry.ts', import.meta.url),
  });
}
