// Writes the generated parts of spec/README.md from the bundle: the operations table with its
// counts, and the example-values table (from the root `x-example-values`). Each part sits between
// `<!-- generated:NAME -->` and `<!-- /generated:NAME -->`; the text around them is hand-written.
// test/readme.test.ts fails when the README is stale.
// Usage: node tools/readme-tables.mjs [dist/openapi.json] [README.md]
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** [operationId, METHOD, path, tag] of every operation, in document order. */
export function operationRows(spec) {
  const rows = [];
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (op) rows.push([op.operationId, method.toUpperCase(), path, (op.tags ?? [])[0] ?? '']);
    }
  }
  return rows;
}

function table(header, rows) {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

/** The generated parts, by marker name. */
export function generatedParts(spec) {
  const rows = operationRows(spec);
  const tags = new Set(rows.map((r) => r[3]));
  const notes = (id) => {
    const op = operationRows(spec).find((r) => r[0] === id);
    const o = spec.paths[op[2]][op[1].toLowerCase()];
    return [
      o.deprecated ? 'deprecated' : '',
      o['x-rate-limit-bucket'] ? `bucket \`${o['x-rate-limit-bucket']}\`` : '',
      o['x-pagination'] ? `paged (${o['x-pagination'].style})` : '',
      o['x-safe-to-retry'] ? 'safe to retry' : '',
    ]
      .filter(Boolean)
      .join(', ');
  };
  const operations = [
    `${rows.length} operations in ${tags.size} tags.`,
    '',
    table(
      ['operationId', 'method', 'path', 'tag', 'notes'],
      rows.map((r) => [...r, notes(r[0])]),
    ),
  ].join('\n');
  const world = spec['x-example-values'] ?? { tokens: [], addresses: {} };
  const exampleValues = [
    table(
      ['token', 'mint', 'decimals'],
      world.tokens.map((t) => [t.symbol, `\`${t.mint}\``, String(t.decimals)]),
    ),
    '',
    table(
      ['role', 'public key'],
      Object.entries(world.addresses).map(([role, key]) => [role, `\`${key}\``]),
    ),
  ].join('\n');
  return { operations, 'example-values': exampleValues };
}

/** The README with every generated part replaced; throws when a marker is missing. */
export function renderReadme(readme, spec) {
  let out = readme;
  for (const [name, body] of Object.entries(generatedParts(spec))) {
    const open = `<!-- generated:${name} -->`;
    const close = `<!-- /generated:${name} -->`;
    const start = out.indexOf(open);
    const end = out.indexOf(close);
    if (start < 0 || end < start) throw new Error(`README has no ${open} ... ${close} block`);
    out = `${out.slice(0, start + open.length)}\n${body}\n${out.slice(end)}`;
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const here = (p) => fileURLToPath(new URL(`../${p}`, import.meta.url));
  const [specFile = here('dist/openapi.json'), readmeFile = here('README.md')] = process.argv.slice(2);
  const spec = JSON.parse(readFileSync(specFile, 'utf8'));
  const before = readFileSync(readmeFile, 'utf8');
  const after = renderReadme(before, spec);
  if (after !== before) writeFileSync(readmeFile, after);
  console.log(`readme-tables: ${operationRows(spec).length} operations; README ${after === before ? 'unchanged' : 'rewritten'}`);
}
