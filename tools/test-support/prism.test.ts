// Prism's readiness: another process answering on the port is never taken for our Prism, and a
// Prism serving another document is not taken for ours. A small document keeps each start short.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, expect, it } from 'vitest';
import { closeServer } from './close-server.ts';
import { freePort, onFreePort } from './free-port.ts';
import { prismMismatch, startPrism, type PrismProbe, type PrismProcess } from './prism.ts';

const prismBin = join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'prism');
const work = mkdtempSync(join(tmpdir(), 'x-prism-check-'));
const document = join(work, 'small.json');
writeFileSync(
  document,
  JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'small', version: '1' },
    paths: {
      '/status': {
        get: {
          operationId: 'status',
          security: [{ key: [] }],
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { type: 'object' }, examples: { first: { value: { state: 'active' } } } } },
            },
          },
        },
      },
    },
    components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'x-api-key' } } },
  }),
);
const probe: PrismProbe = { path: '/status', headers: { 'x-api-key': 'k' }, status: 200, body: { state: 'active' } };
const mockArgs = (port: number): string[] => ['mock', '-h', '127.0.0.1', '-p', String(port), document];

const servers: Server[] = [];
const prisms: PrismProcess[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map(closeServer));
  await Promise.all(prisms.splice(0).map((p) => p.stop()));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Another process's server on a port: answers every request with `status` and `body`. */
const foreign = (status: number, body: string, port = 0): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer((_req, res) => res.writeHead(status, { 'content-type': 'application/json' }).end(body));
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      servers.push(server);
      resolve((server.address() as { port: number }).port);
    });
  });

it('does not take a server that answers everything for Prism', async () => {
  const ok = await foreign(200, '{"state":"active"}');
  expect(await prismMismatch(`http://127.0.0.1:${ok}`, probe)).toMatch(/^not a Prism: GET \S+ answered 200/);
  const notFound = await foreign(404, '{"type":"about:blank","status":404}');
  expect(await prismMismatch(`http://127.0.0.1:${notFound}`, probe)).toMatch(/^not a Prism: GET \S+ answered 404/);
  expect(await prismMismatch(`http://127.0.0.1:${await freePort()}`, probe)).toMatch(/^no answer: /);
});

it('starts Prism on a new port when another server holds the picked one, and proves it serves the document', async () => {
  const taken = await foreign(200, '{"state":"active"}');
  const errors: string[] = [];
  const picks = [taken];
  const prism = await onFreePort(
    async (port) => {
      try {
        return await startPrism(prismBin, mockArgs(port), { port, probe });
      } catch (error) {
        errors.push(String(error));
        throw error;
      }
    },
    { pick: async () => picks.shift() ?? freePort() },
  );
  prisms.push(prism);
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatch(/exited \(1\) before it was ready[\s\S]*EADDRINUSE/);
  expect(prism.url).not.toBe(`http://127.0.0.1:${taken}`);
  expect(await prismMismatch(prism.url, probe)).toBeUndefined();
  // The same Prism does not pass for one serving another document.
  expect(await prismMismatch(prism.url, { ...probe, body: { state: 'paused' } })).toMatch(/^not serving the expected document: .*"paused"/);
  expect(await prismMismatch(prism.url, { ...probe, path: '/elsewhere' })).toMatch(
    /^not serving the expected document: GET \/elsewhere answered 404/,
  );
});

it('stops a Prism that does not serve what the probe expects, with a clear error', async () => {
  const port = await freePort();
  const error = await startPrism(prismBin, mockArgs(port), { port, probe: { ...probe, status: 204 } }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(String(error)).toMatch(
    /prism on http:\/\/127\.0\.0\.1:\d+ is not ready: not serving the expected document: GET \/status answered 200/,
  );
  // Stopped: nothing listens there any more.
  expect(await prismMismatch(`http://127.0.0.1:${port}`, probe)).toMatch(/^no answer: /);
});
