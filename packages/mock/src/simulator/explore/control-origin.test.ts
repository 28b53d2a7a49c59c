// The control API's browser checks on their own: which Host names this machine, which Origin is the
// server's own. (Over HTTP: src/server/control-origin.test.ts.)
import { describe, expect, it } from 'vitest';
import { foreignControlRequest, hostName, isLoopback } from './control-origin.js';

const headers = (values: Record<string, string>) => (name: string) => values[name];
const open = { keyed: false, hosts: new Set<string>() };

describe('hostName and isLoopback', () => {
  it.each([
    ['127.0.0.1:4010', '127.0.0.1', true],
    ['LOCALHOST:4010', 'localhost', true],
    ['localhost.:80', 'localhost', true],
    ['[::1]:4010', '[::1]', true],
    ['app.localhost', 'app.localhost', true],
    ['127.9.8.7', '127.9.8.7', true],
    ['localhost.example:4010', 'localhost.example', false],
    ['127.0.0.1.example', '127.0.0.1.example', false],
    ['192.0.2.1:4010', '192.0.2.1', false],
  ])('%s is host %s, this machine: %s', (header, name, loopback) => {
    expect(hostName(header)).toBe(name);
    expect(isLoopback(hostName(header))).toBe(loopback);
  });
});

describe('foreignControlRequest', () => {
  it('lets a request without Host through (the fetch handler of tests and MSW)', () => {
    expect(foreignControlRequest(headers({ origin: 'http://attacker.example' }), open)).toBeUndefined();
  });

  it('compares the Origin with the Host, default ports included', () => {
    expect(foreignControlRequest(headers({ host: 'localhost:80', origin: 'http://localhost' }), open)).toBeUndefined();
    expect(foreignControlRequest(headers({ host: 'localhost:4010', origin: 'http://localhost:4010/' }), open)).toBeUndefined();
    expect(foreignControlRequest(headers({ host: 'localhost:4010', origin: 'http://localhost:4011' }), open)).toMatch(/another origin/);
    expect(foreignControlRequest(headers({ host: 'localhost:4010', origin: 'http://localhost:4010/page' }), open)).toMatch(
      /another origin/,
    );
    expect(foreignControlRequest(headers({ host: 'localhost:4010', origin: 'file://' }), open)).toMatch(/another origin/);
  });

  it('names the refused host; a key or a listed name lifts the Host check only', () => {
    expect(foreignControlRequest(headers({ host: 'rebound.example:4010' }), open)).toMatch(/not to the host rebound\.example/);
    expect(foreignControlRequest(headers({ host: 'rebound.example:4010' }), { keyed: true, hosts: new Set() })).toBeUndefined();
    expect(foreignControlRequest(headers({ host: 'devbox:4010' }), { keyed: false, hosts: new Set(['devbox']) })).toBeUndefined();
    // what a browser sends for http://0.0.0.0:4010 (this machine), not an address to bind without a key
    expect(foreignControlRequest(headers({ host: '0.0.0.0:4010', origin: 'http://0.0.0.0:4010' }), open)).toBeUndefined();
    expect(isLoopback('0.0.0.0')).toBe(false);
  });
});
