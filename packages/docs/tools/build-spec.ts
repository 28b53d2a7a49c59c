// The document the docs site renders: a copy of the bundled spec with, for every operation, code
// samples generated from the spec (`x-codeSamples`: curl and a typed @x/fetch-client call), and
// the guide pages (getting started, the multi-step flows) as description-only tags grouped
// before the API areas. The published spec is not changed.
// Usage: node tools/build-spec.ts  (writes dist/openapi.docs.json)
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { HTTP_METHODS, loadSpec } from '@x/openapi/reader';
import { codeSamples } from './code-samples.ts';
import { loadGuides } from './guides.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export function buildDocsSpec(spec: any, guidesDir: string): any {
  const doc = structuredClone(spec);
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (operation) operation['x-codeSamples'] = codeSamples({ spec, path, method, operation });
    }
  }
  const guides = loadGuides(guidesDir);
  const areas = (doc.tags ?? []).map((t: { name: string }) => t.name);
  doc.tags = [...guides.map((g) => ({ name: g.name, description: g.markdown, 'x-traitTag': true })), ...(doc.tags ?? [])];
  doc['x-tagGroups'] = [
    { name: 'Guides', tags: guides.map((g) => g.name) },
    { name: 'API', tags: areas },
  ];
  return doc;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const spec = loadSpec();
  const doc = buildDocsSpec(spec, here('../src/guides'));
  mkdirSync(here('../dist'), { recursive: true });
  writeFileSync(here('../dist/openapi.docs.json'), JSON.stringify(doc));
  console.log(`docs: code samples for every operation, ${doc['x-tagGroups'][0].tags.length} guide pages -> dist/openapi.docs.json`);
}
