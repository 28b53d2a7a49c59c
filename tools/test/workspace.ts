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
