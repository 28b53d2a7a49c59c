import { describe, expect, it } from 'vitest';
import { buildUrl, fillPath, queryString } from './url.js';

describe('url', () => {
  it.each([
    ['/a/{id}', { id: 'x y' }, '/a/x%20y'],
    ['/a/{id}/b/{other}', { id: 1, other: 'ü/?' }, '/a/1/b/%C3%BC%2F%3F'],
    ['/plain', undefined, '/plain'],
  ])('fillPath(%s)', (template, path, want) => {
    expect(fillPath(template, path)).toBe(want);
  });

  it('refuses a missing or empty path parameter', () => {
    expect(() => fillPath('/a/{id}', {})).toThrow(/"id"/);
    expect(() => fillPath('/a/{id}', { id: '' })).toThrow(/"id"/);
  });

  it('refuses a path parameter of . or .. (the URL would resolve it to another path); dots inside a value pass', () => {
    expect(() => fillPath('/a/{id}/b', { id: '..' })).toThrow(new TypeError('Missing or invalid path parameter "id" for /a/{id}/b: ".."'));
    expect(() => fillPath('/a/{id}', { id: '.' })).toThrow(/"id"/);
    expect(fillPath('/a/{id}', { id: '...' })).toBe('/a/...');
    expect(fillPath('/a/{id}', { id: 'a..b' })).toBe('/a/a..b');
    expect(fillPath('/a/{id}', { id: 0 })).toBe('/a/0');
  });

  it.each([
    [undefined, ''],
    [{}, ''],
    [{ a: 1, b: true, c: 'x y&z=1' }, '?a=1&b=true&c=x%20y%26z%3D1'],
    [{ skip: undefined, none: null, keep: 0 }, '?keep=0'],
    [{ ids: ['a', 'b'] }, '?ids=a&ids=b'],
  ])('queryString(%j)', (query, want) => {
    expect(queryString(query)).toBe(want);
  });

  it('joins the base without doubling the slash', () => {
    expect(buildUrl('http://h/api/', '/x/{id}', { id: 1 }, { q: 'v' })).toBe('http://h/api/x/1?q=v');
    expect(buildUrl('http://h', '/x', undefined, undefined)).toBe('http://h/x');
  });
});
