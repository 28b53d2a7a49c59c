// The pending changesets of `.changeset/` (read with changesets' own parser) and the release level a
// spec change asks of each package generated from the spec.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseChangesetFile } from '@changesets/parse';

export type Bump = 'patch' | 'minor' | 'major';

/**
 * The published packages made from the spec: the bundle itself, the types and client generated from
 * it, the mock (fixtures, MSW handlers, the simulator's routes and validators), the `x` / `x-mcp`
 * catalogue of operations (`@x/catalogue`, and the tools made from it), and the TanStack Query options generated per operation. A spec change changes each of them, so each needs its changeset.
 */
export const SPEC_PACKAGES = [
  { name: '@x/openapi', dir: 'openapi' },
  { name: '@x/types', dir: 'types' },
  { name: '@x/fetch-client', dir: 'fetch-client' },
  { name: '@x/mock', dir: 'mock' },
  { name: '@x/catalogue', dir: 'catalogue' },
  { name: '@x/cli', dir: 'cli' },
  { name: '@x/mcp', dir: 'mcp' },
  { name: '@x/react-query', dir: 'react-query' },
] as const;

const RANK: Record<Bump | 'none', number> = { none: 0, patch: 1, minor: 2, major: 3 };

export const atLeast = (have: Bump | undefined, need: Bump): boolean => RANK[have ?? 'none'] >= RANK[need];

/** A breaking change: `minor` while the package is 0.x (semver: 0.x minors may break), `major` from 1.0. */
export const breakingBump = (version: string): Bump => (Number(version.split('.')[0]) >= 1 ? 'major' : 'minor');

export interface PendingRelease {
  bump: Bump;
  /** The changeset files asking for it (`.changeset/<id>.md`). */
  files: string[];
}

/** The highest pending bump of every package named by a changeset in `<root>/.changeset/`. */
export function pendingReleases(root: string): Map<string, PendingRelease> {
  const dir = join(root, '.changeset');
  const out = new Map<string, PendingRelease>();
  if (!existsSync(dir)) return out;
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith('.md') || file === 'README.md') continue;
    let releases: ReturnType<typeof parseChangesetFile>['releases'];
    try {
      ({ releases } = parseChangesetFile(readFileSync(join(dir, file), 'utf8')));
    } catch (error) {
      throw new Error(`.changeset/${file} is not a changeset: ${(error as Error).message}`);
    }
    for (const { name, type } of releases) {
      if (type === 'none') continue;
      const known = out.get(name);
      const path = `.changeset/${file}`;
      if (!known) out.set(name, { bump: type, files: [path] });
      else {
        known.files.push(path);
        if (RANK[type] > RANK[known.bump]) known.bump = type;
      }
    }
  }
  return out;
}

/** The version in `packages/<dir>/package.json`. */
export function packageVersion(root: string, dir: string): string {
  return JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8')).version;
}
