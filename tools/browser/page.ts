// Opens a browser test page in Debian's Chromium: bundles the entry, serves it on 127.0.0.1, and
// records every page error, console error, failed request and request leaving 127.0.0.1. `run`
// calls one scenario the entry exposed and throws when anything was recorded; `runExpecting` lets
// through exactly the problems a scenario causes on purpose (e.g. Chromium logging an error
// status the test asked for) and fails when one is missing or another one shows up.
import type { Plugin } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { bundleForBrowser } from './bundle.ts';
import { launchChromium } from './chromium.ts';
import { SCENARIOS_GLOBAL, type Scenarios } from './expose.ts';
import { serveFiles, type FallbackHandler } from './serve-static.ts';

export interface BrowserTestPage<S extends Scenarios> {
  readonly page: Page;
  /** The page's origin, `http://127.0.0.1:<port>/`. */
  readonly url: string;
  /** Page errors, console errors, failed and outside requests seen so far. */
  readonly problems: string[];
  run<K extends keyof S & string>(name: K, ...arg: Parameters<S[K]>): Promise<Awaited<ReturnType<S[K]>>>;
  runExpecting<K extends keyof S & string>(
    expected: readonly RegExp[],
    name: K,
    ...arg: Parameters<S[K]>
  ): Promise<Awaited<ReturnType<S[K]>>>;
  close(): Promise<void>;
}

export interface OpenPageOptions {
  /** Answers requests to the page's own origin other than the page and its script. */
  readonly api?: FallbackHandler;
  /** esbuild plugins for the page's bundle. */
  readonly plugins?: readonly Plugin[];
}

const html =
  '<!doctype html><meta charset="utf-8"><title>browser test</title><link rel="icon" href="data:,"><script type="module" src="/app.js"></script>';

export async function openTestPage<S extends Scenarios>(entry: string, options: OpenPageOptions = {}): Promise<BrowserTestPage<S>> {
  const script = await bundleForBrowser(entry, options.plugins);
  const server = await serveFiles(
    {
      '/': { body: html, type: 'text/html; charset=utf-8' },
      '/app.js': { body: script, type: 'text/javascript; charset=utf-8' },
    },
    options.api,
  );
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('requestfailed', (req) => problems.push(`request failed: ${req.method()} ${req.url()} ${req.failure()?.errorText ?? ''}`));
    page.on('request', (req) => {
      const url = req.url();
      if (!url.startsWith('http://127.0.0.1:') && !/^(data|blob|about):/.test(url)) problems.push(`request outside 127.0.0.1: ${url}`);
    });
    await page.goto(server.url, { waitUntil: 'load' });
    await page.waitForFunction((name) => name in globalThis, SCENARIOS_GLOBAL, { timeout: 10_000 });
    const opened = browser;
    const evaluate = async (name: string, input: unknown, expected: readonly RegExp[]) => {
      if (problems.length > 0) throw new Error(`the page reported problems before ${name}:\n${problems.join('\n')}`);
      const result = await page.evaluate(
        async ([global, scenario, arg]) => {
          const scenarios = (globalThis as unknown as Record<string, Record<string, (a: unknown) => unknown>>)[global]!;
          return await scenarios[scenario]!(arg);
        },
        [SCENARIOS_GLOBAL, name, input] as const,
      );
      // Some events (a failed request) may reach the test after the scenario returns: wait a bounded time for them.
      const seenAll = () => expected.every((pattern) => problems.some((problem) => pattern.test(problem)));
      for (let i = 0; i < 80 && !seenAll(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
      const seen = problems.splice(0);
      const unexpected = seen.filter((problem) => !expected.some((pattern) => pattern.test(problem)));
      const missing = expected.filter((pattern) => !seen.some((problem) => pattern.test(problem)));
      if (unexpected.length > 0 || missing.length > 0) {
        problems.push(...unexpected);
        throw new Error(
          `the page reported problems during ${name}:\n${[...unexpected, ...missing.map((pattern) => `expected but not seen: ${pattern}`)].join('\n')}`,
        );
      }
      return result;
    };
    return {
      page,
      url: server.url,
      problems,
      run: (async (name: string, ...arg: unknown[]) => await evaluate(name, arg[0], [])) as BrowserTestPage<S>['run'],
      runExpecting: (async (expected: readonly RegExp[], name: string, ...arg: unknown[]) =>
        await evaluate(name, arg[0], expected)) as BrowserTestPage<S>['runExpecting'],
      async close() {
        await opened.close();
        await server.close();
      },
    };
  } catch (error) {
    await browser?.close();
    await server.close();
    throw error;
  }
}
