import { describe, expect, it } from 'vitest';
import { baseUrlProblem } from './base-url.js';

describe('baseUrlProblem', () => {
  it('takes an absolute http or https URL, with a path or not', () => {
    expect(baseUrlProblem('http://127.0.0.1:4010')).toBeUndefined();
    expect(baseUrlProblem('https://api.example.com/v1/')).toBeUndefined();
    expect(baseUrlProblem(undefined)).toBe('missing --base-url (or X_BASE_URL)');
    expect(baseUrlProblem('ftp://h')).toMatch(/must be http or https/);
  });

  it('refuses a user name or password in it, without repeating them (they would be printed, and fetch refuses them)', () => {
    const problem = baseUrlProblem('https://user:sekret-pass@api.example.com');
    expect(problem).toBe('--base-url: must not hold a user name or password (the API key goes in --api-key)');
    expect(baseUrlProblem('https://user@api.example.com')).toBe(problem);
  });

  it('refuses a query or a fragment (the paths of the operations are appended to it)', () => {
    expect(baseUrlProblem('https://api.example.com/?v=1')).toBe(
      '--base-url: must not have a query or a fragment: https://api.example.com/?v=1',
    );
    expect(baseUrlProblem('https://api.example.com/#x')).toMatch(/must not have a query or a fragment/);
  });
});
