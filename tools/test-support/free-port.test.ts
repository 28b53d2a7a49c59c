// A port picked free can be taken by another process before the server told to use it binds it: the
// start is tried again on a new port, and only then.
import { createServer, type Server } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { freePort, onFreePort } from './free-port.ts';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

const listenOn = (port: number): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      servers.push(server);
      resolve(port);
    });
  });

it('starts on a new port when the one picked was taken in between', async () => {
  const taken = await listenOn(await freePort());
  const picks = [taken];
  const pick = async () => picks.shift() ?? freePort();
  const port = await onFreePort(listenOn, { pick });
  expect(port).not.toBe(taken);
  expect(picks).toEqual([]);
});

it('gives up after its attempts, and throws any other error at once', async () => {
  const taken = await listenOn(await freePort());
  let tries = 0;
  const always = async () => {
    tries++;
    return taken;
  };
  await expect(onFreePort(listenOn, { pick: always, attempts: 3 })).rejects.toThrow(/EADDRINUSE/);
  expect(tries).toBe(3);
  tries = 0;
  await expect(
    onFreePort(
      async () => {
        tries++;
        throw new Error('prism exited with 1: bad spec');
      },
      { attempts: 3 },
    ),
  ).rejects.toThrow(/bad spec/);
  expect(tries).toBe(1);
});
