// A credential given as a header (`headers: { 'x-api-key' }` or `authorization`) instead of
// `apiKey` / `bearer` is still a credential: beforeRequest hooks never see it, yet it is sent.
import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../../test/fake-fetch.js';
import { createClient } from '../index.js';

describe('hooks and credentials given as headers', () => {
  it('beforeRequest does not see x-api-key or authorization given in headers; the request carries them', async () => {
    const seen: string[] = [];
    const fake = fakeFetch(() => json({ vaultPubkey: 'v' }));
    const x = createClient({
      baseUrl: 'http://127.0.0.1:9',
      fetch: fake.fetch,
      headers: { 'X-Api-Key': 'KEY-SECRET' },
      hooks: { beforeRequest: (request) => void seen.push(JSON.stringify(request.headers)) },
    });
    await x.triggerV2GetVault({ headers: { Authorization: 'Bearer TOKEN-SECRET' } });
    expect(seen.join()).not.toMatch(/SECRET/);
    expect(fake.requests[0]!.headers.get('x-api-key')).toBe('KEY-SECRET');
    expect(fake.requests[0]!.headers.get('authorization')).toBe('Bearer TOKEN-SECRET');
  });
});
