// The offline docs site copied into the package at build time (src/gen/docs.html → dist/gen/).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The docs site HTML, or undefined when the package was built without it. */
export function loadDocsHtml(): string | undefined {
  for (const candidate of ['../gen/docs.html', '../../src/gen/docs.html']) {
    const file = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(file)) return readFileSync(file, 'utf8');
  }
  return undefined;
}
