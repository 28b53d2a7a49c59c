import { describe, expect, it } from 'vitest';
import { parseOptions, UsageError } from './options.js';

describe('x-mcp options', () => {
  it('reads flags and falls back to X_BASE_URL, X_API_KEY and X_BEARER_TOKEN; prepare by default', () => {
    expect(parseOptions([], { X_BASE_URL: 'http://127.0.0.1:4010', X_API_KEY: 'k-123456' })).toEqual({
      server: { baseUrl: 'http://127.0.0.1:4010', apiKey: 'k-123456', tools: 'prepare' },
    });
    expect(
      parseOptions(['--base-url', 'http://h', '--tools', 'all', '--http', '0', '--retries', '0', '--call-timeout', '20000'], {}),
    ).toEqual({
      server: { baseUrl: 'http://h', tools: 'all', maxRetries: 0, callTimeoutMs: 20_000 },
      httpPort: 0,
    });
    expect(parseOptions([], { X_BASE_URL: 'http://h', X_BEARER_TOKEN: 'jwt.from.env' })).toEqual({
      server: { baseUrl: 'http://h', tools: 'prepare', bearerToken: 'jwt.from.env' },
    });
    expect(parseOptions(['--bearer-token', 'jwt.flag'], { X_BASE_URL: 'http://h', X_BEARER_TOKEN: 'jwt.env' })).toMatchObject({
      server: { bearerToken: 'jwt.flag' },
    });
  });

  it('reads --interval and --cache-ttl (one lifetime for every kind, or per kind)', () => {
    const server = (argv: string[]) => (parseOptions(['--base-url', 'http://h', ...argv], {}) as { server: object }).server;
    expect(server(['--interval', '250', '--cache-ttl', '0'])).toMatchObject({
      intervalMs: 250,
      ttlMs: { quote: 0, live: 0, catalogue: 0 },
    });
    expect(server(['--cache-ttl', 'live=1000,catalogue=30000'])).toMatchObject({ ttlMs: { live: 1000, catalogue: 30000 } });
    expect(server([])).not.toHaveProperty('intervalMs');
  });

  it.each([
    [[], /missing --base-url/],
    [['--base-url', 'ftp://h'], /must be http or https/],
    [['--base-url', 'http://h', '--tools', 'everything'], /--tools: must be one of read, prepare, all/],
    [['--base-url', 'http://h', '--http', '99999'], /--http: not a port/],
    [['--base-url', 'http://h', '--nope'], /nope/],
    [['--base-url', 'http://h', '--interval', 'fast'], /--interval: must be a whole number/],
    [['--base-url', 'http://h', '--cache-ttl', 'tick=5'], /--cache-ttl: .*quote, live, catalogue/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseOptions(argv, {})).toThrow(UsageError);
    expect(() => parseOptions(argv, {})).toThrow(message);
  });

  it('never echoes the API key in a usage error', () => {
    expect(() => parseOptions(['--api-key', 'sk-secret-value-1', '--tools', 'x'], { X_BASE_URL: 'http://h' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('sk-secret-value-1') }),
    );
  });
});

describe('a word that is no option', () => {
  it('is not repeated in the usage error (a key given without --api-key lands there)', () => {
    const stray = 'Zq8Lk2vT9fXw4Rb7Hm3Nc6Yp';
    expect(() => parseOptions(['--base-url', 'http://h', stray], {})).toThrow(UsageError);
    expect(() => parseOptions(['--base-url', 'http://h', stray], {})).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining(stray) }),
    );
    expect(() => parseOptions([stray], { X_BASE_URL: 'http://h' })).toThrow(/unexpected argument/);
  });
});
