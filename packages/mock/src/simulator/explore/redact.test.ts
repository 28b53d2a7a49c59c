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

  it('hides signed transactions, signatures and tokens in a body that is not JSON (malformed, a form, a bare value)', () => {
    const tx = `AQ${'Ab+/9z'.repeat(40)}==`;
    const signature = '5'.repeat(44) + 'j'.repeat(43);
    const jwt = `eyJhbGciOiJIUzI1NiJ9.${'eyJzdWIiOiJ3YWxsZXQifQ'.repeat(3)}.${'s'.repeat(43)}`;
    const cases = [
      `{"signedTransaction":"${tx}",}`,
      `{"signedTransaction": "${tx.replaceAll('/', '\\/')}"`,
      `{signedTransaction: '${tx}', requestId: "r1"`,
      `signedTransaction=${encodeURIComponent(tx)}&requestId=r1`,
      tx,
      `{"type":"message","signature":"${signature}"`,
      `{"token":"${jwt}"`,
    ];
    for (const text of cases) {
      const shown = redactBody(text, []);
      expect(shown).toContain(REDACTED);
      for (const secret of [tx, signature, jwt, encodeURIComponent(tx)])
        for (let at = 0; at + 16 <= secret.length; at += 8) expect(shown, text).not.toContain(secret.slice(at, at + 16));
    }
    // What is not a secret stays readable.
    expect(redactBody('{"requestId":"r1","amount":"5",}', [])).toBe('{"requestId":"r1","amount":"5",}');
    expect(redactBody(`{"signedTransaction":"${tx}",}`, [])).toBe(`{"signedTransaction":"${REDACTED}",}`);
  });
});
