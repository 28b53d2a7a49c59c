// A real npm registry on 127.0.0.1 for the release test: Verdaccio (a root devDependency) with a
// throwaway config and storage in a temporary directory. It serves only `@x/*` and has no uplink:
// a consumer points the `@x` scope at it and gets every other package from its usual registry.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import { onFreePort } from '../../test-support/free-port.ts';
import { ownChild } from '../../test-support/own-child.ts';
import { root } from '../workspace.ts';

export interface LocalRegistry {
  /** `http://127.0.0.1:<port>/` */
  readonly url: string;
  /** a token of a user registered on it, allowed to publish `@x/*` */
  readonly token: string;
  /** `.npmrc` lines: the `@x` scope on this registry, with the token */
  npmrc(withToken: boolean): string;
  /** GET a path of the registry (a packument, a tarball) on a fresh connection */
  get(path: string): Promise<Uint8Array>;
  close(): Promise<void>;
}

/**
 * One GET without connection reuse (Verdaccio closes idle keep-alive sockets under fetch's feet),
 * given up after `timeoutMs` of silence (a process that is not Verdaccio may hold the port).
 */
function getBytes(url: string, timeoutMs = 60_000): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const req = httpGet(url, { agent: false, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        res.statusCode === 200 ? resolve(new Uint8Array(Buffer.concat(chunks))) : reject(new Error(`GET ${url}: ${res.statusCode}`)),
      );
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url}: no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
  });
}

const config = (storage: string) => `
storage: ${JSON.stringify(storage)}
auth:
  htpasswd:
    file: ${JSON.stringify(join(storage, 'htpasswd'))}
    max_users: 1
uplinks: {}
packages:
  '@x/*':
    access: $all
    publish: $authenticated
    unpublish: $authenticated
web:
  enable: false
log: { type: stdout, format: pretty, level: warn }
`;

/**
 * Verdaccio on `port`, or on a free port (a new one when another process took the one picked before
 * Verdaccio could bind it).
 */
export function startRegistry(dir: string, port?: number): Promise<LocalRegistry> {
  const storage = join(dir, 'storage');
  mkdirSync(storage, { recursive: true });
  const file = join(dir, 'config.yaml');
  writeFileSync(file, config(storage));
  return port === undefined ? onFreePort((free) => startOn(dir, file, free)) : startOn(dir, file, port);
}

async function startOn(dir: string, file: string, port: number): Promise<LocalRegistry> {
  const url = `http://127.0.0.1:${port}/`;
  const child: ChildProcess = spawn(
    join(root, 'node_modules', '.bin', 'node'),
    [join(root, 'node_modules', 'verdaccio', 'bin', 'verdaccio'), '--config', file, '--listen', `127.0.0.1:${port}`],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  // (SIGKILL when SIGTERM did not end it; killed when the test process exits with it still running)
  const { stop: close } = ownChild(child);

  let token: string | undefined;
  try {
    // (a hang guard: a loaded machine may take many seconds to start it)
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`verdaccio exited:\n${log}`);
      const up = await getBytes(`${url}-/ping`, 2_000).then(
        () => true,
        () => false,
      );
      if (up) break;
      if (Date.now() > deadline) throw new Error(`verdaccio did not answer within 120 s:\n${log}`);
      await new Promise((r) => setTimeout(r, 200));
    }

    // `npm adduser` over the registry API: registers the release user and returns its token
    const res = await fetch(`${url}-/user/org.couchdb.user:release`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'release', password: `release-${port}` }),
    });
    token = ((await res.json().catch(() => ({}))) as { token?: string }).token;
    if (!res.ok || !token) throw new Error(`could not register the release user (${res.status}):\n${log}`);
    // The user is in this registry's storage: what answered is this Verdaccio, not another process
    // that took the port first (another run's registry would answer the same).
    if (!existsSync(join(dir, 'storage', 'htpasswd')))
      throw new Error(`another process answers on 127.0.0.1:${port} (EADDRINUSE for this registry):\n${log}`);
  } catch (error) {
    await close();
    throw error;
  }

  const host = url.replace(/^http:/, '');
  return {
    url,
    token,
    npmrc: (withToken) => `@x:registry=${url}\n${withToken ? `${host}:_authToken=${token}\n` : ''}`,
    get: (path) => getBytes(new URL(path.replace(/^\//, ''), url).href),
    close,
  };
}
