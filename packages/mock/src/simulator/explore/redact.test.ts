import { describe, expect, it } from 'vitest';
import { REDACTED, redactBody, requestSecrets } from './redact.js';

describe('redactBody', () => {
  it('hides signatures, signed transactions, transactions and tokens, at any depth, and keeps the rest', () => {
    const body = {
      signedTransaction: 'AQID',
      requestId: 'r1',
      nested: [{ signature: 'sig', depositSignedTx: 'tx', amount: '5' }],
      token: 'jwt',
      transaction: 'unsigned',
      txSignature: 'abc',
      signature: null,
    };
    expect(JSON.parse(redactBody(JSON.stringify(body), []))).toEqual({
      signedTransaction: REDACTED,
      requestId: 'r1',
      nested: [{ signature: REDACTED, depositSignedTx: REDACTED, amount: '5' }],
      token: REDACTED,
      transaction: REDACTED,
      txSignature: REDACTED,
      signature: null,
    });
  });

  it('removes the request secrets from any text, JSON or not', () => {
    const secrets = requestSecrets('api-key-123', 'Bearer header.payload.sig');
    expect(secrets).toEqual(['api-key-123', 'Bearer header.payload.sig', 'header.payload.sig']);
    expect(redactBody('{"error":"bad key api-key-123"}', secrets)).toBe(`{"error":"bad key ${REDACTED}"}`);
    expect(redactBody('plain header.payload.sig text', secrets)).toBe(`plain ${REDACTED} text`);
    expect(redactBody('', secrets)).toBe('');
  });
});
