import { describe, expect, it } from 'vitest';
import { loadSpec } from './document.js';
import { deref, escapePointer, resolvePointer } from './pointer.js';

const doc = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {},
  components: {
    schemas: { 'a/b': { type: 'string' }, Alias: { $ref: '#/components/schemas/a~1b' }, Loop: { $ref: '#/components/schemas/Loop' } },
  },
};

describe('$ref resolution', () => {
  it('resolves escaped pointers and chains of refs', () => {
    expect(escapePointer('/swap/v2/order')).toBe('~1swap~1v2~1order');
    expect(resolvePointer('#/components/schemas/a~1b', doc)).toEqual({ type: 'string' });
    expect(deref({ $ref: '#/components/schemas/Alias' }, doc)).toEqual({ type: 'string' });
    expect(deref({ type: 'integer' }, doc)).toEqual({ type: 'integer' });
  });

  it('fails loudly on remote, dangling and circular refs', () => {
    expect(() => deref({ $ref: 'other.yaml#/x' }, doc)).toThrow(/only local refs/);
    expect(() => deref({ $ref: '#/components/schemas/None' }, doc)).toThrow(/unresolved \$ref/);
    expect(() => deref({ $ref: '#/components/schemas/Loop' }, doc)).toThrow(/circular \$ref/);
  });

  it('reads the bundled document by default, with no ref left unresolvable', () => {
    const refs: string[] = [];
    (function walk(node: unknown): void {
      if (Array.isArray(node)) {
        for (const item of node) walk(item);
        return;
      }
      if (!node || typeof node !== 'object') return;
      for (const [k, v] of Object.entries(node)) k === '$ref' && typeof v === 'string' ? refs.push(v) : walk(v);
    })(loadSpec());
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) expect(() => resolvePointer(ref)).not.toThrow();
  });
});
