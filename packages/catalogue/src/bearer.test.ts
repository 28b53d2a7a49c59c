import { describe, expect, it } from 'vitest';
import { BearerTokenRefused, fixedBearer } from './bearer.js';

describe('fixedBearer', () => {
  it('gives its token, and refuses to renew it with an error saying what to do', async () => {
    const bearer = fixedBearer('jwt.a.b');
    expect(await bearer.getToken()).toBe('jwt.a.b');
    expect(await bearer.getToken({ refresh: false })).toBe('jwt.a.b');
    await expect(bearer.getToken({ refresh: true })).rejects.toThrow(BearerTokenRefused);
    await expect(bearer.getToken({ refresh: true })).rejects.toThrow(/--bearer-token/);
  });
});
