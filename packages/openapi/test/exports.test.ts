// The package's exports resolve by name to the bundle the `spec` package produced, byte for byte,
// and the reader reads that same document.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../src/reader.js';

const require = createRequire(new URL('../package.json', import.meta.url));
const bundle = (file: string) => readFileSync(new URL(`../../../spec/dist/${file}`, import.meta.url));

describe('exports', () => {
  it('@x/openapi/openapi.json is the bundle, and the document the reader loads', () => {
    const path = require.resolve('@x/openapi/openapi.json');
    expect(readFileSync(path).equals(bundle('openapi.json'))).toBe(true);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(loadSpec());
  });

  it('@x/openapi/openapi.yaml is the YAML bundle', () => {
    const text = readFileSync(require.resolve('@x/openapi/openapi.yaml'));
    expect(text.equals(bundle('openapi.yaml'))).toBe(true);
    expect(text.toString('utf8')).toMatch(/^openapi: 3\.1/m);
  });
});
