import { describe, expect, it } from 'vitest';
import { SENSITIVE_FIELDS } from '../../gen/sensitive.gen.js';
import { REDACTED, redactBody, requestSecrets } from './redact.js';

describe('redactBody', () => {
  it('hides the fields the spec marks x-sensitive, at any depth, and keeps the rest', () => {
    const body = {
      signedTransaction: 'AQID',
      requestId: 'r1',
      nested: [{ signature: 'sig', depositSignedTx: 'tx', amount: '5' }],
      token: 'jwt',
      transaction: 'unsigned',
      txSignature: 'abc',
      signature: null,
      authorization: 'Bearer jwt',
    };
    expect(JSON.parse(redactBody(JSON.stringify(body), []))).toEqual({
      signedTransaction: REDACTED,
      requestId: 'r1',
      nested: [{ signature: REDACTED, depositSignedTx: REDACTED, amount: '5' }],
      token: REDACTED,
      transaction: REDACTED,
      // a landed transaction's id is public (not marked in the spec)
      txSignature: 'abc',
      signature: null,
      authorization: REDACTED,
    });
  });

  it('takes its fields from the spec: signed transactions, challenge signatures and tokens are among them', () => {
    expect([...SENSITIVE_FIELDS]).toEqual(expect.arrayContaining(['signedTransaction', 'depositSignedTx', 'signature', 'token']));
    for (const name of SENSITIVE_FIELDS)
      expect(JSON.parse(redactBody(JSON.stringify({ outer: { [name]: 'secret-value' } }), []))).toEqual({ outer: { [name]: REDACTED } });
  });

  it('removes the request secrets from any text, JSON or not', () => {
    const secrets = requestSecrets('api-key-123', 'Bearer header.payload.sig');
    expect(secrets).toEqual(['api-key-123', 'Bearer header.payload.sig', 'header.payload.sig']);
    expect(redactBody('{"error":"bad key api-key-123"}', secrets)).toBe(`{"error":"bad key ${REDACTED}"}`);
    expect(redactBody('plain header.payload.sig text', secrets)).toBe(`plain ${REDACTED} text`);
    expect(redactBody('', secrets)).toBe('');
  });
});
