#!/usr/bin/env node
// Makes the docs site built by `redocly build-docs --inlineBundle` fully offline: the renderer
// fetches its attribution logo from a CDN and the browser asks for a favicon; both are replaced
// by inline data so opening the page makes no request outside the page itself.
// Usage: node tools/docs-offline.mjs <built index.html>
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('usage: node tools/docs-offline.mjs <index.html>');
  process.exit(2);
}
const logo = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>')}`;
const cdnLogo = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g;
let html = readFileSync(file, 'utf8');
const found = html.match(cdnLogo)?.length ?? 0;
if (found === 0) {
  console.error('docs-offline: the CDN logo reference was not found; the renderer changed, check the page for outside requests');
  process.exit(1);
}
html = html.replace(cdnLogo, logo);
if (!html.includes('rel="icon"')) html = html.replace('<head>', '<head><link rel="icon" href="data:,">');
writeFileSync(file, html);
console.log(`docs-offline: inlined ${found} CDN reference(s) and the favicon in ${file}`);
