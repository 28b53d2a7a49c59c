import { describe, expect, it } from 'vitest';
import { createJwtSigner } from './jwt.js';

describe('HS256 JWT', () => {
  const signer = createJwtSigner(new Uint8Array(32).fill(7));
  const claims = { sub: 'wallet', iat: 100, exp: 200, jti: 'id' };

  it('round-trips claims', async () => {
    const token = await signer.sign(claims);
    expect(token.split('.')).toHaveLength(3);
    expect(await signer.verify(token)).toEqual(claims);
  });

  it('rejects tampered payloads, other secrets and garbage', async () => {
    const token = await signer.sign(claims);
    const [h, , s] = token.split('.');
    const forged = `${h}.${btoa(JSON.stringify({ ...claims, sub: 'other' })).replace(/=+$/, '')}.${s}`;
    expect(await signer.verify(forged)).toBeUndefined();
    expect(await createJwtSigner(new Uint8Array(32).fill(8)).verify(token)).toBeUndefined();
    expect(await signer.verify('a.b.c')).toBeUndefined();
    expect(await signer.verify('')).toBeUndefined();
  });
});
