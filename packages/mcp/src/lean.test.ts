import { describe, expect, it } from 'vitest';
import { firstClause, inlineDefs, leanSchema, openEnumsAsExamples } from './lean.js';

describe('leanSchema', () => {
  it('drops examples and patterns, cuts descriptions to their first clause, keeps types, bounds, enums and defaults', () => {
    const lean = leanSchema({
      type: 'object',
      required: ['slippageBps'],
      additionalProperties: false,
      properties: {
        slippageBps: {
          type: 'integer',
          minimum: 0,
          maximum: 10000,
          default: 50,
          examples: [50],
          description: 'Slippage tolerance in basis points, 0 to 10000. If unset, slippage is chosen automatically.',
        },
        sortDirection: { type: 'string', enum: ['asc', 'desc'], description: 'Sort direction.' },
        mint: {
          type: 'string',
          pattern: '^[1-9A-HJ-NP-Za-km-z]{32,44}$',
          description: 'Mint of the token the order buys.\n\nSource: public documentation.',
        },
        pattern: { type: 'string', description: 'A property called pattern stays.' },
        inputMint: { type: 'string', description: 'Input token mint.' },
      },
    });
    expect(lean).toEqual({
      type: 'object',
      required: ['slippageBps'],
      properties: {
        slippageBps: { type: 'integer', minimum: 0, maximum: 10000, default: 50, description: 'Slippage tolerance in basis points' },
        sortDirection: { type: 'string', enum: ['asc', 'desc'] },
        mint: { type: 'string', description: 'Mint of the token the order buys.' },
        inputMint: { type: 'string' },
        pattern: { type: 'string', description: 'A property called pattern stays.' },
      },
    });
  });

  it('firstClause keeps a short sentence whole and cuts a long one before its first detail', () => {
    expect(firstClause('`ExactIn` only.')).toBe('`ExactIn` only.');
    expect(firstClause('**Beta:** Input token mint. More.')).toBe('Input token mint.');
    expect(firstClause('Wallet that signs; without it the response holds a quote.')).toBe('Wallet that signs');
  });

  it('inlineDefs writes scalar definitions in place at every use and keeps the others once', () => {
    const schema = inlineDefs({
      type: 'object',
      properties: {
        a: { $ref: '#/$defs/Key', description: 'Owner.' },
        b: { $ref: '#/$defs/Body' },
        c: { $ref: '#/$defs/Key' },
        d: { $ref: '#/$defs/Body' },
      },
      $defs: {
        Key: { type: 'string', description: 'A base58 public key.' },
        Body: { type: 'object', properties: { k: { $ref: '#/$defs/Key' } } },
      },
    });
    expect(schema).toEqual({
      type: 'object',
      // the definition's description once, where a field has none of its own (the first in order)
      properties: {
        a: { type: 'string', description: 'Owner.' },
        b: { $ref: '#/$defs/Body' },
        c: { type: 'string', description: 'A base58 public key.' },
        d: { $ref: '#/$defs/Body' },
      },
      $defs: { Body: { type: 'object', properties: { k: { type: 'string' } } } },
    });
  });
});

describe('inlineDefs of definitions used once', () => {
  it('writes a definition used once in place (its own description kept), and keeps one used twice or by itself', () => {
    const schema = inlineDefs({
      type: 'object',
      properties: {
        body: { $ref: '#/$defs/Body' },
        kind: { $ref: '#/$defs/Kind', description: 'Which kind.' },
        odd: { $ref: '#/$defs/Kind2', minProperties: 1 },
      },
      required: ['body'],
      $defs: {
        Body: { type: 'object', properties: { a: { $ref: '#/$defs/Leg' }, b: { $ref: '#/$defs/Leg' }, c: { $ref: '#/$defs/Params' } } },
        Leg: { type: 'object', properties: { price: { type: 'number' } } },
        Params: { type: 'object', properties: { n: { type: 'integer' } } },
        Kind: { type: 'string', enum: ['x', '#/$defs/Leg'] },
        Kind2: { type: 'object', properties: { y: { type: 'string' } } },
        Tree: { type: 'object', properties: { child: { $ref: '#/$defs/Tree' } } },
      },
    });
    expect(schema).toEqual({
      type: 'object',
      properties: {
        body: {
          type: 'object',
          properties: {
            a: { $ref: '#/$defs/Leg' },
            b: { $ref: '#/$defs/Leg' },
            c: { type: 'object', properties: { n: { type: 'integer' } } },
          },
        },
        kind: { type: 'string', enum: ['x', '#/$defs/Leg'], description: 'Which kind.' },
        // a $ref with a sibling that is not a description stays a $ref
        odd: { $ref: '#/$defs/Kind2', minProperties: 1 },
      },
      required: ['body'],
      $defs: {
        Leg: { type: 'object', properties: { price: { type: 'number' } } },
        Kind2: { type: 'object', properties: { y: { type: 'string' } } },
      },
    });
  });
});

describe('inlineDefs in one pass', () => {
  it('a body used once, holding scalar definitions: all written in place, the definition said once, no $defs left', () => {
    expect(
      inlineDefs({
        type: 'object',
        properties: { body: { $ref: '#/$defs/Body' } },
        $defs: {
          Body: { type: 'object', properties: { from: { $ref: '#/$defs/Key' }, to: { $ref: '#/$defs/Key' } } },
          Key: { type: 'string', description: 'A base58 public key.' },
        },
      }),
    ).toEqual({
      type: 'object',
      properties: {
        body: {
          type: 'object',
          properties: { from: { type: 'string', description: 'A base58 public key.' }, to: { type: 'string' } },
        },
      },
    });
  });
});

describe('openEnumsAsExamples', () => {
  it('writes an open request enum as its type with the known values as examples, and leaves closed enums and other unions alone', () => {
    const open = { anyOf: [{ type: 'string', enum: ['provider_a', 'provider_b'] }, { type: 'string' }], default: 'provider_a' };
    const mixed = { anyOf: [{ type: 'string', enum: ['medium'] }, { type: 'integer' }] };
    const closed = { type: 'string', enum: ['asc', 'desc'] };
    expect(
      openEnumsAsExamples({ type: 'object', properties: { provider: open, percentile: mixed, sort: closed }, $defs: { Category: open } }),
    ).toEqual({
      type: 'object',
      properties: {
        provider: { type: 'string', default: 'provider_a', examples: ['provider_a', 'provider_b'] },
        percentile: mixed,
        sort: closed,
      },
      $defs: { Category: { type: 'string', default: 'provider_a', examples: ['provider_a', 'provider_b'] } },
    });
  });
});

describe('leanSchema of an input', () => {
  it('drops `default: false` (a flag left out is off) and keeps other defaults', () => {
    expect(
      leanSchema(
        { type: 'object', properties: { forBundle: { type: 'boolean', default: false }, wrap: { type: 'boolean', default: true } } },
        { input: true },
      ),
    ).toEqual({ type: 'object', properties: { forBundle: { type: 'boolean' }, wrap: { type: 'boolean', default: true } } });
  });
});
