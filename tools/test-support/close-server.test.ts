// Closing a test's HTTP server in its teardown never waits on what the test left behind.
import { createServer, type Server } from 'node:http';
import { expect, it } from 'vitest';
import { closeServer } from './close-server.ts';

it('resolves when there is no server (a setup that failed before creating it)', async () => {
  const server: Server | undefined = undefined;
  await closeServer(server);
  expect(server).toBeUndefined();
});

it('closes a listening server a client still holds a keep-alive connection to, and one that never listened', async () => {
  const server = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const answer = await fetch(`http://127.0.0.1:${(server.address() as { port: number }).port}/`);
  expect(await answer.text()).toBe('ok');
  await closeServer(server);
  expect(server.listening).toBe(false);
  const never = createServer();
  await closeServer(never);
  expect(never.listening).toBe(false);
});
