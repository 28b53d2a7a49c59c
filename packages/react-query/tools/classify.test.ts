// The generator's reading of `x-sensitive` request body fields: top-level fields are listed (also
// through allOf/oneOf), a mark deeper in the body stops the generation instead of being missed.
import type { Operation } from '@x/openapi/reader';
import { describe, expect, it } from 'vitest';
import { classifyOperations } from './classify.ts';

const write = (operationId: string, schema: unknown): Operation =>
  ({ operationId, method: 'POST', extensions: {}, requestBody: { schema } }) as unknown as Operation;
const secret = { type: 'string', 'x-sensitive': true };

describe('classifyOperations: sensitive request body fields', () => {
  it('lists the top-level fields marked x-sensitive, through allOf and oneOf, sorted; writes without any are not listed', () => {
    const { sensitive } = classifyOperations([
      write('execute', { type: 'object', properties: { signedTransaction: secret, requestId: { type: 'string' } } }),
      write('verify', {
        allOf: [{ type: 'object', properties: { walletPubkey: { type: 'string' } } }],
        oneOf: [{ properties: { signedTransaction: secret } }, { properties: { signature: secret } }],
      }),
      write('plain', { type: 'object', properties: { amount: { type: 'string' } } }),
    ]);
    expect(sensitive).toEqual([
      { id: 'execute', fields: ['signedTransaction'] },
      { id: 'verify', fields: ['signature', 'signedTransaction'] },
    ]);
  });

  it('refuses a mark below the top level of the body (an object or an array item)', () => {
    const nested = write('nested', {
      type: 'object',
      properties: { order: { type: 'object', properties: { signedTransaction: secret } } },
    });
    expect(() => classifyOperations([nested])).toThrow(/nested: a field below the body's order is marked x-sensitive/);
    const inArray = write('batch', {
      type: 'object',
      properties: { items: { type: 'array', items: { properties: { signature: secret } } } },
    });
    expect(() => classifyOperations([inArray])).toThrow(/batch: a field below the body's items/);
  });
});
