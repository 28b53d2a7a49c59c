// The release as a maintainer runs it, and the packages as a user gets them. On a throwaway copy
// of the repository (the working tree stays untouched): `changeset version`, the spec baseline step, `changeset pack`,
// `changeset publish` to a real local registry (Verdaccio on 127.0.0.1). Then fresh projects
// outside the workspace install every public package BY NAME from it — with npm on the engines
// floor the packages declare (`--engine-strict`) and with pnpm — type-check a strict program and
// run it on that floor and on Node 24: the spec read from @x/openapi, a swap against the
// simulator, a prediction read; and the installed bins `x` and `x-mcp` against the simulator.
// Prism is started from @x/openapi with its README's command.
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBaseline, writeBaseline } from '../spec-evolution/baseline.ts';
import { checkSpecEvolution, type EvolutionReport } from '../spec-evolution/check.ts';
import { onFreePort } from '../test-support/free-port.ts';
import { startPrism } from '../test-support/prism.ts';
import { floorOf, nodeRuntime, npmCli, type NodeRuntime } from './release/node-runtime.ts';
import { startRegistry, type LocalRegistry } from './release/registry.ts';
import { serveSimulator } from './release/serve-simulator.ts';
import { bytesOf, fileList, integrity } from './release/tarball.ts';
import { publicPackages, root, toolEnv } from './workspace.ts';

const work = mkdtempSync(join(tmpdir(), 'x-release-'));
const repo = join(work, 'repo');
const packed = join(work, 'packed');
const node24 = join(root, 'node_modules', '.bin', 'node');
const tsc = join(root, 'node_modules', '.bin', 'tsc');
const consumerSources = join(root, 'tools', 'test', 'consumer');
const consumerFiles = ['main.ts', 'fetch-only.ts', 'world.ts', 'tsconfig.json'];

let registry: LocalRegistry | undefined;
let baselineBefore: string | undefined;
let checkBeforeBaseline: EvolutionReport | undefined;
afterAll(async () => {
  await registry?.close();
  rmSync(work, { recursive: true, force: true });
});

function sh(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = toolEnv, timeout = 180_000): string {
  try {
    return execFileSync(cmd, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout });
  } catch (e: any) {
    throw new Error(`${cmd} ${args.join(' ')} failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`.slice(0, 4000));
  }
}

/** npm as a user runs it, on the given runtime (engines are checked against that runtime). */
const npm = (runtime: NodeRuntime, args: string[], cwd: string) =>
  sh(runtime.node, [npmCli(), ...args, '--no-audit', '--no-fund', '--loglevel=error'], cwd, { ...process.env, PATH: runtime.path });

/** A fresh project outside the workspace whose `@x` scope points at the local registry. */
function freshProject(name: string): string {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `x-${name}`, private: true, type: 'module' }, null, 2));
  writeFileSync(join(dir, '.npmrc'), registry!.npmrc(false));
  return dir;
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
const dirName = (pkg: (typeof publicPackages)[number]) => pkg.dir.split('/').pop()!;
const released = (pkg: (typeof publicPackages)[number]): string => readJson(join(repo, 'packages', dirName(pkg), 'package.json')).version;

// The engines floor each package declares, and the packages declaring each floor.
const floors = new Map<string, string[]>();
for (const pkg of publicPackages) {
  const floor = floorOf(pkg.json.engines.node);
  floors.set(floor, [...(floors.get(floor) ?? []), pkg.name]);
}
const byVersion = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });
const highestFloor = [...floors.keys()].sort(byVersion).at(-1)!;
const pending = readdirSync(join(root, '.changeset')).filter((f) => f.endsWith('.md') && f !== 'README.md');
// The packages the pending changesets name (their front matter); the others keep their released version.
const named = new Set(
  pending.flatMap((f) => {
    const front = /^---\n([\s\S]*?)\n---/.exec(readFileSync(join(root, '.changeset', f), 'utf8'))?.[1] ?? '';
    return [...front.matchAll(/^['"]?(@x\/[\w-]+)['"]?\s*:/gm)].map((m) => m[1]!);
  }),
);

beforeAll(async () => {
  // (a tarball another check is packing in a package directory at the same moment is no part of the repository)
  const skip = (src: string) => !/(node_modules|[\\/]\.turbo|[\\/]\.git$|test-results|\.tgz$)/.test(src);
  for (const f of ['package.json', 'pnpm-workspace.yaml', '.changeset', 'packages', 'spec'])
    cpSync(join(root, f), join(repo, f), { recursive: true, filter: skip });
  sh('git', ['init', '-q'], repo);
  registry = await startRegistry(join(work, 'registry'));
  writeFileSync(join(repo, '.npmrc'), registry.npmrc(true));
  // (with nothing pending, `changeset version` exits 1: the packages are released as they are)
  if (pending.length > 0) sh('changeset', ['version'], repo);
  // The release's second step (CONTRIBUTING.md): the spec-evolution baseline follows @x/openapi's new version.
  baselineBefore = readBaseline(repo).version;
  checkBeforeBaseline = checkSpecEvolution(repo);
  writeBaseline(repo);
  sh('changeset', ['pack', '--out-dir', packed], repo);
  sh('changeset', ['publish', '--from-pack-dir', packed, '--no-git-tag'], repo);
}, 300_000); // (a hang guard: the copy, version, pack and publish may take minutes on the loaded CI machine)

describe('the release, on a throwaway copy of the repository', () => {
  it('changeset version writes a new version for every package a pending changeset names, and every package has a changelog entry for its version', () => {
    for (const pkg of publicPackages) {
      const dir = join(repo, 'packages', dirName(pkg));
      if (named.has(pkg.name)) expect(released(pkg), pkg.name).not.toBe(pkg.json.version);
      expect(readFileSync(join(dir, 'CHANGELOG.md'), 'utf8'), `${pkg.name} CHANGELOG.md`).toContain(`## ${released(pkg)}`);
    }
    expect(readdirSync(join(repo, '.changeset')).filter((f) => f.endsWith('.md') && f !== 'README.md')).toEqual([]);
  });

  it('the baseline step cuts the released spec for the new @x/openapi version, and the spec-evolution check passes on the release', () => {
    const openapi = readJson(join(repo, 'packages', 'openapi', 'package.json')).version as string;
    if (baselineBefore !== openapi) {
      expect(checkBeforeBaseline!.ok).toBe(false);
      expect(checkBeforeBaseline!.message).toContain(`but @x/openapi is at ${openapi}`);
    }
    expect(readdirSync(join(repo, 'spec', 'released')).filter((f) => f.endsWith('.json'))).toEqual([`openapi@${openapi}.json`]);
    expect(checkSpecEvolution(repo)).toMatchObject({ ok: true, changes: [], baselineVersion: openapi });
  });

  it('publishes every public package to the registry, byte for byte the tarball that was packed', async () => {
    const plan = readJson(join(packed, 'publish-plan.json')).plan.flat() as {
      name: string;
      version: string;
      tarball: { path: string; integrity: string };
    }[];
    expect(plan.map((r) => r.name).sort()).toEqual(publicPackages.map((p) => p.name).sort());
    for (const pkg of publicPackages) {
      const entry = plan.find((r) => r.name === pkg.name)!;
      expect(entry.version, pkg.name).toBe(released(pkg));
      const tgz = join(packed, entry.tarball.path);
      const packedBytes = bytesOf(tgz);
      expect(integrity(packedBytes, 'sha256'), `${pkg.name} packed tarball vs publish plan`).toBe(entry.tarball.integrity);

      const packument = JSON.parse(new TextDecoder().decode(await registry!.get(pkg.name.replace('/', '%2f')))) as any;
      const meta = packument.versions[entry.version];
      expect(meta, `${pkg.name}@${entry.version} on the registry`).toBeDefined();
      expect(packument['dist-tags'].latest).toBe(entry.version);
      expect(meta.dist.integrity, `${pkg.name}: registry integrity`).toBe(integrity(packedBytes, 'sha512'));
      const published = await registry!.get(new URL(meta.dist.tarball).pathname);
      expect(integrity(published, 'sha512'), `${pkg.name}: downloaded tarball`).toBe(integrity(packedBytes, 'sha512'));
      const downloaded = join(work, `${dirName(pkg)}-published.tgz`);
      writeFileSync(downloaded, published);
      expect(fileList(downloaded)).toEqual(fileList(tgz));
      // the workspace protocol became the released versions
      for (const [dep, range] of Object.entries<string>(meta.dependencies ?? {}))
        expect(range, `${pkg.name} -> ${dep}`).not.toMatch(/^(workspace|catalog):/);
    }
  });

  it('left the real repository untouched', () => {
    for (const f of pending) expect(existsSync(join(root, '.changeset', f))).toBe(true);
    for (const pkg of publicPackages) expect(readJson(join(pkg.dir, 'package.json')).version).toBe(pkg.json.version);
  });
});

describe('a fresh npm project installs every package by name', () => {
  let project: string;
  let floor: NodeRuntime;

  it(`on the highest engines floor (Node ${highestFloor}) with --engine-strict`, () => {
    floor = nodeRuntime(highestFloor);
    project = freshProject('npm-project');
    npm(floor, ['install', '--engine-strict', ...publicPackages.map((p) => p.name)], project);
    for (const pkg of publicPackages)
      expect(readJson(join(project, 'node_modules', pkg.name, 'package.json')).version, pkg.name).toBe(released(pkg));
    // nothing of the workspace leaked in
    expect(existsSync(join(project, 'node_modules', '@x', 'spec'))).toBe(false);
  });

  it.each([...floors].filter(([v]) => v !== highestFloor))(
    'on Node %s with --engine-strict: the packages declaring it (%s)',
    (version, names) => {
      const dir = freshProject(`floor-${version}`);
      npm(nodeRuntime(version), ['install', '--engine-strict', ...names], dir);
      for (const name of names) expect(existsSync(join(dir, 'node_modules', name, 'package.json')), name).toBe(true);
    },
  );

  it('type-checks a strict program against the installed packages', () => {
    for (const f of consumerFiles) copyFileSync(join(consumerSources, f), join(project, f));
    sh(tsc, ['-p', 'tsconfig.json'], project);
    expect(existsSync(join(project, 'dist', 'main.js'))).toBe(true);
  });

  it.each([
    ['the engines floor', () => floor.node],
    ['Node 24', () => node24],
  ])('runs on %s', (_label, runtime) => {
    const node = runtime();
    const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
    const out = sh(node, [join(project, 'dist', 'main.js')], project);
    expect(out, `on ${version}`).toMatch(/^order: router_\w+ 40000000 -> \d+, fee payer taker$/m);
    expect(out).toContain('spec: GET /swap/v2/order answer valid');
    expect(out).toContain('swap: Success code 0');
    expect(out).toMatch(/prediction: \d+ sports events, first market (open|closed|cancelled)/);
    expect(out).toContain('consumer: ok');
  });

  it.each([...floors].filter(([v]) => v !== highestFloor))(
    'runs the @x/fetch-client program on Node %s against the installed x-mock serve',
    async (version, names) => {
      const dir = join(work, `floor-${version}`);
      mkdirSync(join(dir, 'dist'), { recursive: true });
      for (const f of ['fetch-only.js', 'world.js']) copyFileSync(join(project, 'dist', f), join(dir, 'dist', f));
      const server = await serveSimulator(project);
      try {
        const out = sh(nodeRuntime(version).node, [join(dir, 'dist', 'fetch-only.js')], dir, { ...process.env, X_BASE_URL: server.url });
        expect(out).toMatch(new RegExp(`^fetch-client on v${version.replace(/\./g, '\\.')}: router_\\w+ 40000000 -> \\d+$`, 'm'));
        // the packages of this floor that have a bin (x of @x/cli) run on it too
        for (const name of names.filter((n) => readJson(join(dir, 'node_modules', n, 'package.json')).bin?.x)) {
          const x = join(dir, 'node_modules', name, readJson(join(dir, 'node_modules', name, 'package.json')).bin.x);
          const status = sh(nodeRuntime(version).node, [x, 'prediction-get-trading-status', '--json'], dir, {
            ...process.env,
            X_BASE_URL: server.url,
            X_API_KEY: 'k',
          });
          expect(JSON.parse(status), `${name} on v${version}`).toHaveProperty('trading_active');
        }
      } finally {
        await server.close();
      }
    },
  );

  it('runs the installed bins x and x-mcp on the engines floor against the installed x-mock serve', async () => {
    const server = await serveSimulator(project);
    try {
      const env = { ...process.env, X_BASE_URL: server.url, X_API_KEY: 'release-test-key' };
      const bin = (name: string) => join(project, 'node_modules', '.bin', name);
      expect(sh(floor.node, [bin('x'), '--help'], project, env)).toMatch(/^ {2}swap-get-order +\S/m);
      expect(JSON.parse(sh(floor.node, [bin('x'), 'prediction-get-trading-status', '--json'], project, env))).toHaveProperty(
        'trading_active',
      );
      const rpc = [
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'release', version: '1' } },
        },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      ];
      const answers = execFileSync(floor.node, [bin('x-mcp'), '--tools', 'read'], {
        cwd: project,
        env,
        input: rpc.map((m) => `${JSON.stringify(m)}\n`).join(''),
        encoding: 'utf8',
        timeout: 60_000,
      })
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      const tools = answers.find((a) => a.id === 2).result.tools.map((t: { name: string }) => t.name);
      expect(tools).toContain('predictionGetTradingStatus');
      expect(tools).not.toContain('swapExecute');
    } finally {
      await server.close();
    }
  });

  it("serves @x/openapi with Prism, started by its README's command with the machine's Node and npm", async () => {
    const readme = readFileSync(join(project, 'node_modules', '@x', 'openapi', 'README.md'), 'utf8');
    const command = /^npx .*prism mock .*-p 4010 .*$/m.exec(readme)?.[0];
    const curl = /^curl -H '([^:]+): ([^']*)' '(http:\/\/127\.0\.0\.1:4010\/[^']+)'$/m.exec(readme);
    expect(command, 'the Prism command of the @x/openapi README').toBeDefined();
    expect(curl, 'the curl line that follows it').not.toBeNull();
    // The README's command on a free port (a new one when another process took it before Prism bound
    // it), ready once it answers the README's curl line (tools/test-support/prism.ts).
    const probe = { path: new URL(curl![3]!).pathname + new URL(curl![3]!).search, headers: { [curl![1]!]: curl![2]! }, status: 200 };
    const start = (port: number) => {
      const [npx, ...args] = command!.replace('-p 4010', `-p ${port}`).split(/\s+/);
      return startPrism(npx!, args, { port, probe, cwd: project, env: machineEnv(), guardMs: 150_000 });
    };
    const prism = await onFreePort(start);
    try {
      const res = await fetch(`${prism.url}${probe.path}`, { headers: probe.headers });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { inAmount?: string };
      expect(body.inAmount).toMatch(/^\d+$/);
    } finally {
      await prism.stop();
    }
  });
});

describe('a fresh pnpm project installs every package by name', () => {
  it('installs, type-checks and runs the same program', () => {
    const project = freshProject('pnpm-project');
    // Its own metadata cache: pnpm keys cached metadata by registry host and port, so a port that an
    // earlier run's registry had would give that run's versions (a stale @x/chain 0.1.0 did).
    sh('pnpm', ['add', `--config.cache-dir=${join(project, '.pnpm-cache')}`, ...publicPackages.map((p) => p.name)], project);
    for (const pkg of publicPackages)
      expect(readJson(join(project, 'node_modules', pkg.name, 'package.json')).version, pkg.name).toBe(released(pkg));
    for (const f of consumerFiles) copyFileSync(join(consumerSources, f), join(project, f));
    sh(tsc, ['-p', 'tsconfig.json'], project);
    const out = sh(node24, [join(project, 'dist', 'main.js')], project);
    expect(out).toContain('swap: Success code 0');
    expect(out).toContain('consumer: ok');
  });
});

/** The environment of a user's shell: the machine's Node and npm first, nothing of the workspace. */
function machineEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm|pnpm)_/i.test(key) && !/^npm_config_(cache|registry)$/i.test(key)) continue;
    env[key] = value;
  }
  env.PATH = (process.env.PATH ?? '')
    .split(':')
    .filter((dir) => dir && !dir.startsWith(root) && !dir.includes('node_modules'))
    .join(':');
  return env;
}
