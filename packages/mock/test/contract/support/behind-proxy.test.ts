// The simulator behind `prism proxy` does not depend on a port staying free between a pick and a
// bind: the simulator binds port 0, and the proxy starts again on a new port when another process
// holds the one picked for it.
import { createServer, type Server } from 'node:http';
import { afterAll, expect, it } from 'vitest';
import { closeServer } from '../../../../../tools/test-support/close-server.ts';
import { freePort } from '../../../../../tools/test-support/free-port.ts';
import { startBehindProxy, type SimulatorBehindProxy } from './behind-proxy.js';
import { send } from './http.js';

let running: SimulatorBehindProxy | undefined;
let other: Server | undefined;
afterAll(async () => {
  await running?.close();
  await closeServer(other);
});

it('starts when another process holds the first port picked', async () => {
  other = createServer((_req, res) => res.end('another process'));
  const taken = await new Promise<number>((resolve) =>
    other!.listen(0, '127.0.0.1', () => resolve((other!.address() as { port: number }).port)),
  );
  const picked: number[] = [];
  const pick = async (): Promise<number> => {
    const port = picked.length === 0 ? taken : await freePort();
    picked.push(port);
    return port;
  };
  running = await startBehindProxy({ pick });
  const port = (url: string): number => Number(new URL(url).port);
  expect(picked).toHaveLength(2);
  expect(port(running.proxy.url)).toBe(picked[1]);
  expect(picked).not.toContain(port(running.simulator.url));
  // Through the proxy to this simulator, not to the other process.
  const answer = await send(running.proxy.url, { method: 'GET', path: '/prediction/v1/trading-status', headers: { 'x-api-key': 'k' } });
  expect(answer.status, answer.text).toBe(200);
  expect(answer.headers.get('sl-violations') ?? '[]').toBe('[]');
  expect(answer.json()).toHaveProperty('trading_active');
  // (a hang guard: two Prism starts, one refused its port)
}, 240_000);
