import { describe, expect, it } from 'vitest';
import { baseUrlProblem } from './base-url.js';

describe('baseUrlProblem', () => {
  it('takes an absolute http or https URL, with a path or not', () => {
    expect(baseUrlProblem('http://127.0.0.1:4010')).toBeUndefined();
    expect(baseUrlProblem('https://api.example.com/v1/')).toBeUndefined();
    expect(baseUrlProblem(undefined)).toBe('missing --base-url (or X_BASE_URL)');
    expect(baseUrlProblem('ftp://h')).toMatch(/must be http or https/);
  });

  it('never repeats a value that is no URL or not http(s): it may be a key given in the wrong place', () => {
    for (const value of ['0f1e2d3c-4b5a-6978-8695-a4b3c2d1e0f9', 'key:0f1e2d3c4b5a', 'x-api-key=0f1e2d3c4b5a']) {
      const problem = baseUrlProblem(value);
      expect(problem).toMatch(/^--base-url: /);
      expect(problem).not.toContain('0f1e2d3c');
    }
  });

  it('refuses a user name or password in it, without repeating them (they would be printed, and fetch refuses them)', () => {
    const problem = baseUrlProblem('https://user:sekret-pass@api.example.com');
    expect(problem).toBe('--base-url: must not hold a user name or password (the API key goes in --api-key)');
    expect(baseUrlProblem('https://user@api.example.com')).toBe(problem);
  });

  it('refuses a query or a fragment (the paths of the operations are appended to it), repeating only what is before them', () => {
    expect(baseUrlProblem('https://api.example.com/v1?api-key=0f1e2d3c')).toBe(
      '--base-url: must not have a query or a fragment: https://api.example.com/v1 without them',
    );
    expect(baseUrlProblem('https://api.example.com/#x')).toMatch(/must not have a query or a fragment/);
  });
});
