import { describe, expect, it } from 'vitest';
import { namedExamples, parameterExample, requestExample, responseExamples, schemaExample } from './examples.js';
import { operations } from './operations.js';
import { validateRequest, validateResponse } from './validate.js';

describe('examples', () => {
  it('builds an example request for every operation that the document accepts', () => {
    for (const op of operations()) {
      const request = requestExample(op);
      for (const p of op.parameters.filter((p) => p.in === 'path'))
        expect(request.path[p.name], `${op.operationId} ${p.name}`).toBeDefined();
      if (op.requestBody?.required) expect(request.body, op.operationId).toBeDefined();
      expect(validateRequest(op, request).errors, op.operationId).toEqual([]);
    }
  });

  it('gives every named response example, each valid for its status', () => {
    const all = operations().flatMap((op) => responseExamples(op).map((e) => ({ op, ...e })));
    expect(all.length).toBeGreaterThan(operations().length);
    for (const { op, status, name, value } of all) {
      const code = status === 'default' ? 599 : Number(status.replace(/XX$/, '00'));
      expect(validateResponse(op, { status: code, body: value }).errors, `${op.operationId} ${status} ${name}`).toEqual([]);
    }
  });

  it('falls back from named examples to example, and from a parameter to its schema', () => {
    expect(namedExamples({ example: 1 })).toEqual([{ name: 'example', value: 1 }]);
    expect(namedExamples({ examples: { a: { summary: 's', value: 2 } }, example: 1 })).toEqual([{ name: 'a', summary: 's', value: 2 }]);
    expect(parameterExample({ name: 'x', in: 'query', schema: { type: 'string', enum: ['b', 'c'] } })).toBe('b');
    expect(schemaExample({ type: 'integer', default: 5 })).toBe(5);
    expect(schemaExample({ examples: [7], default: 5 })).toBe(7);
    expect(schemaExample({ type: 'string' })).toBeUndefined();
  });
});
