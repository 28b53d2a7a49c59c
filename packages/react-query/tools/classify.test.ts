// The generator's reading of `x-sensitive` fields: top-level fields of a write's request body and of
// its 2xx answers are listed (also through allOf/oneOf); a mark deeper down, or on a read's answer,
// stops the generation instead of being missed.
import type { AlreadyExists, Operation } from '@x/openapi/reader';
import { describe, expect, it } from 'vitest';
import { classifyOperations } from './classify.ts';

const write = (operationId: string, schema: unknown, answer?: unknown): Operation =>
  ({
    operationId,
    method: 'POST',
    extensions: {},
    requestBody: { schema },
    responses: answer === undefined ? {} : { '200': { status: '200', schema: answer }, '400': { status: '400', schema: answer } },
  }) as unknown as Operation;
const read = (operationId: string, answer: unknown): Operation =>
  ({ operationId, method: 'GET', extensions: {}, responses: { '200': { status: '200', schema: answer } } }) as unknown as Operation;
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
    expect(() => classifyOperations([nested])).toThrow(/nested's body: a field below its order is marked x-sensitive/);
    const inArray = write('batch', {
      type: 'object',
      properties: { items: { type: 'array', items: { properties: { signature: secret } } } },
    });
    expect(() => classifyOperations([inArray])).toThrow(/batch's body: a field below its items/);
  });
});

describe('classifyOperations: sensitive answer fields', () => {
  it("lists a write's top-level 2xx answer fields marked x-sensitive; error answers and unmarked writes are not read", () => {
    const { sensitiveAnswers } = classifyOperations([
      write('verify', { type: 'object' }, { type: 'object', properties: { token: secret, expiresIn: { type: 'integer' } } }),
      write('plain', { type: 'object' }, { type: 'object', properties: { id: { type: 'string' } } }),
    ]);
    expect(sensitiveAnswers).toEqual([{ id: 'verify', fields: ['token'] }]);
  });

  it("refuses a mark on a read's answer (TanStack Query would cache it) and one below an answer's top level", () => {
    expect(() => classifyOperations([read('session', { type: 'object', properties: { token: secret } })])).toThrow(
      /session: a read's answer has x-sensitive fields \(token\)/,
    );
    const nested = write('login', { type: 'object' }, { type: 'object', properties: { session: { properties: { token: secret } } } });
    expect(() => classifyOperations([nested])).toThrow(/login's 200 answer: a field below its session is marked x-sensitive/);
  });
});

describe('classifyOperations: reads that prepare a transaction', () => {
  it('lists the reads marked x-prepares-transaction, with the parameter that makes a call prepare one; writes are not listed', () => {
    const marked = (op: Operation, mark: unknown): Operation => ({ ...op, extensions: { 'x-prepares-transaction': mark } }) as Operation;
    const { preparesTransaction } = classifyOperations([
      marked(read('order', {}), { when: 'taker' }),
      marked(read('build', {}), true),
      read('quote', {}),
      marked(write('craft', {}), true),
    ]);
    expect(preparesTransaction).toEqual([{ id: 'build' }, { id: 'order', when: 'taker' }]);
  });
});

describe('classifyOperations: reads whose answer depends on who signs in', () => {
  it("lists the reads among the client's bearer operations; a write among them, or a read not among them, is not listed", () => {
    const { signedInReads } = classifyOperations(
      [read('vault', {}), read('status', {}), write('create', {}), read('unsecured', {})],
      ['vault', 'create'],
    );
    expect(signedInReads).toEqual(['vault']);
  });
});

describe('classifyOperations: writes whose repeat creates nothing', () => {
  it('lists x-already-exists (as the reader checked it) with its status, record and read; refuses it on a read', () => {
    const marked = (op: Operation, mark: AlreadyExists): Operation => ({ ...op, alreadyExists: mark }) as Operation;
    const mark = { status: 409, record: 'details', read: 'vault' };
    const { alreadyExists } = classifyOperations([marked(write('register', {}), mark), read('vault', {})]);
    expect(alreadyExists).toEqual([{ id: 'register', ...mark }]);
    expect(() => classifyOperations([marked(read('register', {}), mark), read('vault', {})])).toThrow(
      /register: x-already-exists must be on a write/,
    );
  });
});
