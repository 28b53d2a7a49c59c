import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { newKey, nobleVerify, toBase58 } from '../../test/fixtures.js';
import { SignerError } from '../errors.js';
import { signerFromKeyPair, signerFromSecretKey } from './from-secret-key.js';

describe('signerFromSecretKey', () => {
  const key = newKey();

  it.each([
    ['bytes', () => key.secretKey],
    ['a JSON-array keyfile text', () => JSON.stringify([...key.secretKey])],
    ['a keyfile text with whitespace', () => `\n ${JSON.stringify([...key.secretKey], null, 1)}\n`],
    ['a parsed array', () => [...key.secretKey]],
    ['base58 text', () => toBase58(key.secretKey)],
  ])('reads %s and signs verifiably', async (_name, input) => {
    const signer = await signerFromSecretKey(input());
    expect(signer.address).toBe(key.address);
    const message = new TextEncoder().encode('hello');
    const signature = await signer.signMessageBytes!(message);
    expect(await nobleVerify(signature, message, key.publicKey)).toBe(true);
  });

  it('does not modify the caller buffer', async () => {
    const copy = key.secretKey.slice();
    await signerFromSecretKey(copy);
    expect(copy).toEqual(key.secretKey);
  });

  it('holds no key bytes on the signer object', async () => {
    const signer = await signerFromSecretKey(key.secretKey);
    const shown = JSON.stringify(signer) + inspect(signer, { depth: 10, showHidden: true });
    expect(shown).not.toContain(toBase58(key.secretKey));
    expect(shown).not.toContain(key.secretKey.slice(0, 8).join(','));
    expect(Object.values(signer).some((value) => value instanceof Uint8Array)).toBe(false);
  });

  it.each([
    ['63 bytes', () => key.secretKey.slice(0, 63)],
    ['65 numbers', () => [...key.secretKey, 1]],
    ['a number above 255', () => [...key.secretKey.slice(0, 63), 256]],
    ['a non-integer', () => [...key.secretKey.slice(0, 63), 1.5]],
    ['broken JSON', () => JSON.stringify([...key.secretKey]).slice(0, -1)],
    ['a JSON object', () => '{"a":1}'],
    ['a JSON array text of strings', () => JSON.stringify([...key.secretKey].map(String))],
    ['base58 of 32 bytes', () => toBase58(key.seed)],
    ['text with invalid base58 characters', () => toBase58(key.secretKey).replace(/.$/, '0')],
    ['an empty string', () => ''],
    ['a number', () => 42 as never],
  ])('refuses %s with INVALID_SECRET_KEY', async (_name, input) => {
    await expect(signerFromSecretKey(input() as never)).rejects.toMatchObject({ name: 'SignerError', code: 'INVALID_SECRET_KEY' });
  });

  it('refuses a secret key whose public half belongs to another key', async () => {
    const mixed = key.secretKey.slice();
    mixed.set(newKey().publicKey, 32);
    const error = await signerFromSecretKey(mixed).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SignerError);
    expect((error as SignerError).code).toBe('INVALID_SECRET_KEY');
  });
});

describe('signerFromKeyPair', () => {
  it('uses a non-extractable WebCrypto key pair', async () => {
    const keyPair = (await crypto.subtle.generateKey('Ed25519', false, ['sign', 'verify'])) as CryptoKeyPair;
    expect(keyPair.privateKey.extractable).toBe(false);
    const signer = await signerFromKeyPair(keyPair);
    const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', keyPair.publicKey));
    const message = new Uint8Array([1, 2, 3]);
    expect(await nobleVerify(await signer.signMessageBytes!(message), message, publicKey)).toBe(true);
    expect(signer.address).toBe(toBase58(publicKey));
  });

  it.each([
    [
      'a public key that is not exportable',
      async () => {
        const pair = (await crypto.subtle.generateKey('Ed25519', false, ['sign', 'verify'])) as CryptoKeyPair;
        const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
        return { privateKey: pair.privateKey, publicKey: await crypto.subtle.importKey('raw', raw, 'Ed25519', false, ['verify']) };
      },
    ],
    [
      'a key pair of another algorithm',
      async () => (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])) as CryptoKeyPair,
    ],
    [
      'no public key',
      async () =>
        ({
          privateKey: ((await crypto.subtle.generateKey('Ed25519', false, ['sign', 'verify'])) as CryptoKeyPair).privateKey,
        }) as CryptoKeyPair,
    ],
  ])('refuses %s with INVALID_SECRET_KEY, before anything is signed', async (_name, keyPair) => {
    await expect(signerFromKeyPair(await keyPair())).rejects.toMatchObject({
      code: 'INVALID_SECRET_KEY',
      message: 'The public key of the key pair is not an exportable Ed25519 key.',
    });
  });

  it('refuses halves of two different key pairs', async () => {
    const a = (await crypto.subtle.generateKey('Ed25519', false, ['sign', 'verify'])) as CryptoKeyPair;
    const b = (await crypto.subtle.generateKey('Ed25519', false, ['sign', 'verify'])) as CryptoKeyPair;
    await expect(signerFromKeyPair({ privateKey: a.privateKey, publicKey: b.publicKey })).rejects.toMatchObject({
      code: 'INVALID_SECRET_KEY',
    });
  });
});
