import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createJwtSigner, jwtSecret } from './jwt.js';

const SECRET = new Uint8Array(32).fill(7);
const NOW = 1_000_000; // seconds
const at = (seconds: number) => seconds * 1000;

describe('HS256 JWT', () => {
  const signer = createJwtSigner(SECRET);
  const claims = { sub: 'wallet', iat: NOW, nbf: NOW, exp: NOW + 100, jti: 'id' };

  it('round-trips claims while the token is valid', async () => {
    const token = await signer.sign(claims);
    expect(token.split('.')).toHaveLength(3);
    expect(await signer.verify(token, at(NOW), 100)).toEqual(claims);
    expect(await signer.verify(token, at(NOW + 99), 100)).toEqual(claims);
  });

  it('checks exp, nbf and iat against the given clock', async () => {
    expect(await signer.verify(await signer.sign(claims), at(NOW + 100), 100)).toBeUndefined(); // expired
    expect(await signer.verify(await signer.sign({ ...claims, nbf: NOW + 50 }), at(NOW + 10), 100)).toBeUndefined(); // not yet valid
    expect(await signer.verify(await signer.sign({ ...claims, iat: NOW + 50 }), at(NOW + 10), 100)).toBeUndefined(); // issued in the future
    expect(await signer.verify(await signer.sign({ ...claims, exp: NOW + 10_000 }), at(NOW + 200), 100)).toBeUndefined(); // older than the token lifetime
    const { nbf: _nbf, ...withoutNbf } = claims;
    const noNbf = await new SignJWT(withoutNbf).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(SECRET);
    expect(await signer.verify(noNbf, at(NOW), 100)).toBeUndefined(); // every time claim is required
  });

  it('checks the time claims again on every use of a token it has verified before', async () => {
    const token = await signer.sign(claims);
    expect(await signer.verify(token, at(NOW + 1), 100)).toEqual(claims);
    expect(await signer.verify(token, at(NOW + 100), 100)).toBeUndefined(); // expired since
    expect(await signer.verify(token, at(NOW - 1), 100)).toBeUndefined(); // before its iat and nbf
    expect(await signer.verify(token, at(NOW + 50), 40)).toBeUndefined(); // older than a shorter lifetime
    expect(await signer.verify(token, at(NOW + 99), 100)).toEqual(claims);
    const late = await signer.sign({ ...claims, nbf: NOW + 50 });
    expect(await signer.verify(late, at(NOW + 60), 100)).toMatchObject({ nbf: NOW + 50 });
    expect(await signer.verify(late, at(NOW + 10), 100)).toBeUndefined(); // not yet valid
    // What a caller does with the claims does not change the next answer.
    const first = (await signer.verify(token, at(NOW), 100))!;
    first.sub = 'other';
    expect((await signer.verify(token, at(NOW), 100))!.sub).toBe('wallet');
  });

  it('rejects tampered payloads, other secrets, other algorithms and garbage', async () => {
    const token = await signer.sign(claims);
    const [h, , s] = token.split('.');
    const forged = `${h}.${btoa(JSON.stringify({ ...claims, sub: 'other' })).replace(/=+$/, '')}.${s}`;
    expect(await signer.verify(forged, at(NOW), 100)).toBeUndefined();
    expect(await createJwtSigner(new Uint8Array(32).fill(8)).verify(token, at(NOW), 100)).toBeUndefined();
    expect(await signer.verify(new UnsecuredJWT(claims).encode(), at(NOW), 100)).toBeUndefined();
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512', typ: 'JWT' }).sign(new Uint8Array(64).fill(7));
    expect(await signer.verify(hs512, at(NOW), 100)).toBeUndefined();
    expect(await signer.verify('a.b.c', at(NOW), 100)).toBeUndefined();
    expect(await signer.verify('', at(NOW), 100)).toBeUndefined();
  });

  it('has a random secret unless one is given, of at least 32 bytes', () => {
    expect(jwtSecret()).not.toEqual(jwtSecret());
    expect(jwtSecret('a'.repeat(32))).toEqual(new TextEncoder().encode('a'.repeat(32)));
    expect(() => jwtSecret('short')).toThrow(RangeError);
  });
});
