// A fresh project installs what THIS run's registry serves. npm caches a packument under its URL
// (host and port included): a later registry on a port an earlier one had must not hand the earlier
// run's versions to a project that shares npm's cache (the user's, in CI and here). npm passes:
// Verdaccio sends no Cache-Control, only a content etag, so every packument is revalidated, and
// tarballs are taken by integrity (with `--prefer-offline` this test fails).
// pnpm does not revalidate its metadata cache: the release test gives its project its own.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../../test-support/free-port.ts';
import { npmCli } from './node-runtime.ts';
import { startRegistry } from './registry.ts';

const work = mkdtempSync(join(tmpdir(), 'x-registry-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const npm = (args: string[], cwd: string, cache: string) =>
  execFileSync(process.execPath, [npmCli(), ...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, npm_config_cache: cache },
  });

/**
 * Publishes `@x/cache-probe@<version>` (its index.js holding `content`) to a fresh registry on
 * `port`, installs it in a fresh project, and returns the version and content installed.
 */
async function run(name: string, port: number, version: string, content: string): Promise<string> {
  const registry = await startRegistry(join(work, name, 'registry'), port);
  try {
    const pkg = join(work, name, 'pkg');
    mkdirSync(pkg, { recursive: true });
    writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: '@x/cache-probe', version }));
    writeFileSync(join(pkg, 'index.js'), `${content}\n`);
    writeFileSync(join(pkg, '.npmrc'), registry.npmrc(true));
    npm(['publish'], pkg, join(work, name, 'publisher-cache'));
    const project = join(work, name, 'project');
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'probe', private: true }));
    writeFileSync(join(project, '.npmrc'), registry.npmrc(false));
    // one cache for every run's project, as the user's npm cache is
    npm(['install', '@x/cache-probe'], project, join(work, 'npm-cache'));
    const installed = join(project, 'node_modules', '@x', 'cache-probe');
    return `${JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).version} ${readFileSync(join(installed, 'index.js'), 'utf8').trim()}`;
  } finally {
    await registry.close();
  }
}

it("a fresh project gets what this run's registry has, not what an earlier registry on the same port had", async () => {
  const port = await freePort();
  expect(await run('first', port, '1.0.0', '// first')).toBe('1.0.0 // first');
  // the same version with other contents (a release of a later commit with the same pending
  // changesets): both the packument and the tarball must be this run's
  expect(await run('second', port, '1.0.0', '// second')).toBe('1.0.0 // second');
});
