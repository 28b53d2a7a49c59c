// Facts about the workspace the repository checks share: where it is, which packages it publishes.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));

export interface PublicPackage {
  name: string;
  dir: string;
  json: Record<string, any>;
}

export const publicPackages: PublicPackage[] = readdirSync(join(root, 'packages'))
  .map((d) => ({ dir: join(root, 'packages', d), json: JSON.parse(readFileSync(join(root, 'packages', d, 'package.json'), 'utf8')) }))
  .filter((p) => !p.json.private)
  .map((p) => ({ ...p, name: p.json.name }));

/** PATH with the workspace's Node 24 and tools first. */
export const toolEnv = { ...process.env, PATH: `${join(root, 'node_modules', '.bin')}:${process.env.PATH}` };

/** The exact versions pinned once in pnpm-workspace.yaml's `catalog:`. */
export const catalog: Record<string, string> = Object.fromEntries(
  [...readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8').matchAll(/^ {2}'?([@\w/.-]+)'?: ([\w.-]+)$/gm)]
    .filter((m) => /^\d/.test(m[2]!))
    .map((m) => [m[1]!, m[2]!]),
);
