#!/usr/bin/env node
// Makes the docs site built by `redocly build-docs --inlineBundle` fully offline and linkable:
// - the renderer fetches its attribution logo from a CDN and the browser asks for a favicon: both
//   are replaced by inline data, so opening the page makes no request outside the page itself;
//   the attribution (whose logo is then an empty image) is hidden; sections with nothing in the
//   right-hand panel (the guide pages) take its width;
// - the renderer routes on the URL's hash (`index.html#/swap/swapgetorder`) but writes its links
//   as site paths (`/swap/swapgetorder`), which a server answers with 404 when a link is opened
//   in a new tab: a small inline script rewrites those links to the hash form, wherever the page
//   is served (a file server's root, the simulator's `/docs`).
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

// Sections with nothing in the right-hand panel (the guide pages) use the width it would take.
const noRightPanel = '[data-section-id]:not(:has([data-testid="right-panel"] *))';
const hideAttribution = `<style id="x-docs-offline">span:has(> a[href^="https://redocly.com/"]) { display: none !important; }
${noRightPanel} [data-testid="middle-panel"], ${noRightPanel} [data-testid="middle-panel"] > * { width: auto; max-width: 960px; flex: 1 1 auto; }
${noRightPanel} [data-testid="right-panel"] { display: none; }</style>`;
// Links the renderer writes as `/route` become `#/route`; its own click handling is unchanged.
const hashLinks = `<script id="x-docs-links">(() => {
  const fix = (root) => {
    for (const a of root.querySelectorAll('a[href^="/"]:not([href^="//"])')) a.setAttribute('href', '#' + a.getAttribute('href'));
  };
  const start = () => {
    fix(document);
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'attributes') { if (r.target.matches('a[href^="/"]:not([href^="//"])')) fix(r.target.parentNode ?? document); }
        else for (const n of r.addedNodes) if (n.nodeType === 1) { if (n.matches('a')) fix(n.parentNode ?? document); else fix(n); }
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['href'] });
  };
  if (document.body) start(); else document.addEventListener('DOMContentLoaded', start);
})();</script>`;
if (!html.includes('id="x-docs-offline"')) html = html.replace('</head>', `${hideAttribution}${hashLinks}</head>`);
writeFileSync(file, html);
console.log(`docs-offline: inlined ${found} CDN reference(s) and the favicon, hid the attribution, hash links in ${file}`);
