// The drift walker agrees with the spec about the spec's own answers: every response example of
// the bundle is read without breaking drift and without undeclared fields.
import { operations, responseExamples } from '@x/openapi/reader';
import { describe, expect, it } from 'vitest';
import { createDriftChecker } from './drift.js';
import { loadCheckSpec } from './spec-source.js';

const spec = loadCheckSpec();
const drift = createDriftChecker(spec);
const cases = operations().flatMap((op) =>
  responseExamples(op).map((example) => ({
    id: `${op.operationId} ${example.status} ${example.name}`,
    schema: op.responses[example.status]?.schema,
    value: example.value,
  })),
);

describe('drift of the spec against its own response examples', () => {
  it('has examples to read', () => {
    expect(cases.length).toBeGreaterThan(operations().length);
  });

  it.each(cases.map((c) => [c.id, c] as const))('%s: no drift', (_id, c) => {
    expect(c.schema).toBeDefined();
    expect(drift(c.schema!, c.value)).toEqual([]);
  });
});
