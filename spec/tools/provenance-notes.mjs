// Bundle step: tells readers which parts of the description come from the public docs or from the
// service's own OpenAPI files rather than the service description. Every node marked
// `x-provenance: public-docs` or `x-provenance: service-openapi` gets a note at the end of its description, so the docs site and the JSDoc of the generated types both show it (the marks
// themselves stay). Rewrites the bundled JSON in place and writes the same document as YAML.
// Usage: node tools/provenance-notes.mjs dist/openapi.json dist/openapi.yaml
import { readFileSync, writeFileSync } from 'node:fs';
import { stringify } from 'yaml';

export const NOTE = 'Source: public documentation (`x-provenance: public-docs`), less certain than the service description.';
export const SERVICE_OPENAPI_NOTE =
  "Source: the service's own published OpenAPI files (`x-provenance: service-openapi`), which describe the service as it changed after its API reference.";
/** The note each `x-provenance` value adds. */
export const NOTES = { 'public-docs': NOTE, 'service-openapi': SERVICE_OPENAPI_NOTE };

export function addProvenanceNotes(node) {
  let count = 0;
  const visit = (n) => {
    if (Array.isArray(n)) return n.forEach(visit);
    if (!n || typeof n !== 'object') return;
    const note = NOTES[n['x-provenance']];
    if (note) {
      const description = typeof n.description === 'string' ? n.description.trimEnd() : '';
      if (!description.includes(note)) {
        n.description = description ? `${description}\n\n${note}` : note;
        count++;
      }
    }
    for (const [key, value] of Object.entries(n)) if (key !== 'examples' && key !== 'example') visit(value);
  };
  visit(node);
  return count;
}

const [json, yaml] = process.argv.slice(2);
if (!json || !yaml) {
  console.error('usage: node tools/provenance-notes.mjs <bundle.json> <out.yaml>');
  process.exit(2);
}
const spec = JSON.parse(readFileSync(json, 'utf8'));
const count = addProvenanceNotes(spec);
writeFileSync(json, `${JSON.stringify(spec, null, 2)}\n`);
writeFileSync(yaml, stringify(spec, { lineWidth: 0 }));
console.log(`provenance-notes: ${count} items marked as coming from the public docs or the service's OpenAPI files`);
