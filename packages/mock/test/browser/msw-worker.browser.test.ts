// The MSW handlers of the packed @x/mock in Chromium, as an app runs them: `setupWorker` registers
// MSW's service worker (served from the installed msw, at the root of the page's origin on
// 127.0.0.1, a secure context), and the page's own `fetch` calls are answered by the handlers
// through it. Once per end of the msw peer range: the catalog's msw, and the floor (the
// `msw-floor` devDependency, installed under that alias; the page's `msw` imports resolve to it).
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserTestPage, openTestPage } from '../../../../tools/browser/page.ts';
import { serveFiles } from '../../../../tools/browser/serve-static.ts';
import { installPackedProject } from '../../../../tools/browser/packed-project.ts';
import { catalog } from '../../../../tools/test/workspace.ts';
import mockPackage from '../../package.json' with { type: 'json' };
import { fixtures } from '../../src/index.ts';
import type { WorkerScenarios } from './worker-page-entry.ts';

const floor = mockPackage.devDependencies['msw-floor'];

/** Resolves `msw` and `msw/*` to the package installed as `alias`. */
const mswAs = (alias: string): Plugin => ({
  name: `msw-as-${alias}`,
  setup(build) {
    build.onResolve({ filter: /^msw(\/|$)/ }, (args) =>
      build.resolve(args.path.replace(/^msw/, alias), { kind: args.kind, resolveDir: args.resolveDir }),
    );
  },
});

let project: string | undefined;
beforeAll(() => {
  project = installPackedProject({
    name: 'x-mock-msw-worker',
    packages: ['@x/mock'],
    dependencies: { msw: catalog.msw!, 'msw-floor': floor },
    entry: new URL('./worker-page-entry.ts', import.meta.url),
  });
}, 300_000);
afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

type AnyFixture = { status: number; body: unknown };
const example = (operationId: keyof typeof fixtures, name?: string): AnyFixture => {
  const operation = fixtures[operationId] as { defaultExample: string; examples: Record<string, AnyFixture> };
  const { status, body } = operation.examples[name ?? operation.defaultExample]!;
  return { status, body };
};

describe.each([
  { msw: 'msw', version: catalog.msw! },
  { msw: 'msw-floor', version: floor.replace('npm:msw@', '') },
])('setupWorker with the handlers of the packed @x/mock, msw $version', { timeout: 120_000 }, ({ msw, version }) => {
  let page: BrowserTestPage<WorkerScenarios> | undefined;
  /** Paths of the requests that reached the test's server rather than the worker. */
  const served: string[] = [];

  beforeAll(async () => {
    const workerScript = readFileSync(join(project!, 'node_modules', msw, 'lib', 'mockServiceWorker.js'));
    page = await openTestPage<WorkerScenarios>(join(project!, 'worker-page-entry.ts'), {
      plugins: msw === 'msw' ? [] : [mswAs(msw)],
      api: (req, res) => {
        if (req.url === '/mockServiceWorker.js') {
          res.writeHead(200, { 'content-type': 'text/javascript' }).end(workerScript);
          return;
        }
        served.push(`${req.method} ${req.url}`);
        res.writeHead(404).end();
      },
    });
  }, 120_000); // (a hang guard: bundling and starting Chromium take many seconds on a loaded machine)
  afterAll(async () => {
    await page?.close();
  });

  it('registers MSW service worker, which controls the page', async () => {
    const r = await page!.run('start');
    expect(r.mswVersion).toBe(version);
    expect(r.scriptURL).toBe(`${page!.url}mockServiceWorker.js`);
    expect(r.controlled).toBe(true);
    expect(r.handlerCount).toBe(Object.keys(fixtures).length);
  });

  it("answers the page's fetch calls with the spec's examples, credentials checked like the service", async () => {
    const r = await page!.runExpecting([/status of 401/], 'defaults');
    expect(r.swapGetOrder).toEqual(example('swapGetOrder'));
    expect(r.predictionGetEvent).toEqual(example('predictionGetEvent'));
    expect(r.triggerV2CreateChallenge).toEqual(example('triggerV2CreateChallenge'));
    expect(r.triggerV2GetVault).toEqual(example('triggerV2GetVault'));
    expect(r.swapGetOrderWithoutKey).toEqual(example('swapGetOrder', 'invalidApiKey'));
    expect(r.triggerV2GetVaultWithoutBearer).toEqual(example('triggerV2GetVault', 'bearerTokenRejected'));
    expect(served).toEqual([]); // every answer came from the worker
  });

  it('lets a request no handler matches through to the network', async () => {
    expect(await page!.runExpecting([/status of 404/], 'unhandled')).toEqual({ status: 404, body: '' });
    expect(served).toEqual(['GET /no/such/path']);
  });

  it('answers overrides given to worker.use, until resetHandlers', async () => {
    const r = await page!.runExpecting([/status of 404/], 'overrides');
    expect(r.overridden.triggerV2GetVault).toEqual(example('triggerV2GetVault', 'vaultNotFound'));
    expect(r.overridden.predictionGetTradingStatus).toEqual({ status: 200, body: { trading_active: false } });
    expect(r.overridden.swapGetOrder).toEqual({ status: 200, body: { echoedAmount: '100000000' } });
    expect(r.afterReset).toEqual(example('triggerV2GetVault'));
    expect(served).toEqual(['GET /no/such/path']);
  });

  it('answers an API on another origin, whose headers the page reads (no request reaches that origin)', async () => {
    const hits: string[] = [];
    const api = await serveFiles({}, (req, res) => {
      hits.push(`${req.method} ${req.url}`);
      res.writeHead(500).end();
    });
    try {
      const r = await page!.run('crossOrigin', api.url.replace(/\/$/, ''));
      const expected = fixtures.predictionGetTradingStatus.examples[fixtures.predictionGetTradingStatus.defaultExample];
      expect(r).toEqual({ status: 200, body: expected.body, rateLimitRemaining: expected.headers['x-ratelimit-remaining'] });
      expect(hits).toEqual([]);
    } finally {
      await api.close();
    }
  });

  it("takes a path as the baseUrl, on the page's origin", async () => {
    const expected = fixtures.predictionGetTradingStatus.examples[fixtures.predictionGetTradingStatus.defaultExample];
    expect(await page!.run('pathBaseUrl')).toEqual({ status: 200, body: expected.body });
    expect(served).toEqual(['GET /no/such/path']);
  });

  it('had no page error, console error or failed request', async () => {
    await page!.run('stop');
    expect(page!.problems).toEqual([]);
  });
});
