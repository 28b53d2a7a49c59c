import { describe, expect, it } from 'vitest';
import { parseCli, serve, type ServeOptions, UsageError } from './cli-main.js';

describe('x-mock serve', () => {
  it('parses the options with their defaults', () => {
    expect(parseCli(['serve'])).toEqual({
      port: 4010,
      host: '127.0.0.1',
      seed: 1,
      seedDefaulted: true,
      apiKeys: [],
      clock: 'real',
      control: true,
    });
    expect(
      parseCli(['serve', '--port', '0', '--seed', '9', '--api-key', 'a', '--api-key', 'b', '--clock', 'manual', '--no-control']),
    ).toEqual({
      port: 0,
      host: '127.0.0.1',
      seed: 9,
      apiKeys: ['a', 'b'],
      clock: 'manual',
      control: false,
    });
    expect(parseCli(['--help'])).toBe('help');
  });

  it('takes --data DIR and --data-sync normal|full; refuses --data-sync alone or another mode', () => {
    expect(parseCli(['serve', '--data', './d', '--data-sync', 'full'])).toMatchObject({ data: './d', dataSync: 'full' });
    expect(parseCli(['serve', '--data', './d'])).toMatchObject({ data: './d' });
    expect(() => parseCli(['serve', '--data-sync', 'full'])).toThrow('--data-sync needs --data');
    expect(() => parseCli(['serve', '--data', './d', '--data-sync', 'sometimes'])).toThrow(
      'invalid --data-sync sometimes (normal or full)',
    );
    expect(() => parseCli(['serve', '--data', ''])).toThrow('--data needs a directory');
  });

  it('parses --key-areas KEY=AREA,... (repeatable; KEY= for none) and refuses one without a key', () => {
    expect((parseCli(['serve', '--key-areas', 'a=swap,tokens', '--key-areas', 'b=']) as ServeOptions).keyAreas).toEqual({
      a: ['swap', 'tokens'],
      b: [],
    });
    expect(() => parseCli(['serve', '--key-areas', 'swap'])).toThrow(UsageError);
    expect(() => parseCli(['serve', '--key-areas', '=swap'])).toThrow(UsageError);
  });

  it('an unknown area of --key-areas is a usage error', async () => {
    const options = parseCli(['serve', '--port', '0', '--key-areas', 'k=swaps']) as ServeOptions;
    await expect(serve(options, () => {})).rejects.toThrow(UsageError);
    await expect(serve(options, () => {})).rejects.toThrow(/unknown area swaps/);
  });

  it("serves --key-areas: another area is the gateway's 403", async () => {
    const options = parseCli(['serve', '--port', '0', '--key-areas', 'lender=lend', '--clock', 'manual']);
    if (options === 'help') throw new Error('unexpected help');
    const lines: string[] = [];
    const server = await serve(options, (line) => lines.push(line));
    try {
      expect(lines).toContain("  areas:   1 key(s) limited by --key-areas (other areas answer the gateway's 403)");
      expect(lines.join('\n')).not.toContain('lender');
      const get = (path: string) => fetch(`${server.url}${path}`, { headers: { 'x-api-key': 'lender' } });
      expect((await get('/lend/v1/borrow/vaults')).status).toBe(200);
      const denied = await get('/prediction/v1/trading-status');
      expect(denied.status).toBe(403);
      expect(await denied.json()).toEqual({ code: 403, message: 'API key does not have access to this endpoint' });
    } finally {
      await server.close();
    }
  });

  it.each([
    [[]],
    [['start']],
    [['serve', '--port', 'x']],
    [['serve', '--port', '70000']],
    [['serve', '--seed', '1.5']],
    [['serve', '--clock', 'fast']],
    [['serve', '--bogus']],
    [['serve', '--jwt-secret', 'short']],
  ])('rejects %j', (argv) => {
    expect(() => parseCli(argv)).toThrow(UsageError);
  });

  it('starts the server, prints the URLs and a curl to try (never a key it was given), and only accepts the given key', async () => {
    const lines: string[] = [];
    const server = await serve({ port: 0, host: '127.0.0.1', seed: 1, apiKeys: ['secret-key-1'], clock: 'manual', control: true }, (l) =>
      lines.push(l),
    );
    try {
      const out = lines.join('\n');
      expect(out).toContain(`${server.url}/docs`);
      expect(out).toContain(`${server.url}/openapi.json`);
      expect(out).toMatch(/curl -H 'x-api-key: <API_KEY>' '.*\/swap\/v2\/order\?/);
      expect(out).not.toContain('secret-key-1');
      expect((await fetch(`${server.url}/prediction/v1/trading-status`, { headers: { 'x-api-key': 'other' } })).status).toBe(401);
      expect((await fetch(`${server.url}/prediction/v1/trading-status`, { headers: { 'x-api-key': 'secret-key-1' } })).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('takes an explicit JWT secret, never one derived from the seed', () => {
    const secret = 'x'.repeat(32);
    expect(parseCli(['serve', '--jwt-secret', secret])).toMatchObject({ jwtSecret: secret });
    expect(parseCli(['serve', '--seed', '7'])).not.toHaveProperty('jwtSecret');
  });
});
