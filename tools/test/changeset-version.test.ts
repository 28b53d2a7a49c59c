// `changeset version` in a dry run: on a throwaway copy of the repository, the pending changesets
// turn into new versions and CHANGELOG.md entries for every public package.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { publicPackages, root, toolEnv } from './workspace.ts';

const copy = mkdtempSync(join(tmpdir(), 'x-changeset-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('changeset version (dry run on a copy)', () => {
  const pending = readdirSync(join(root, '.changeset')).filter((f) => f.endsWith('.md') && f !== 'README.md');

  it('has pending changesets to apply', () => {
    expect(pending.length).toBeGreaterThan(0);
  });

  it('writes new versions and changelogs for every public package', () => {
    const skip = (src: string) => !/(node_modules|[\\/]dist|[\\/]\.turbo|[\\/]\.git$|test-results)/.test(src);
    for (const f of ['package.json', 'pnpm-workspace.yaml', '.changeset', 'packages', 'spec']) {
      cpSync(join(root, f), join(copy, f), { recursive: true, filter: skip });
    }
    execFileSync('git', ['init', '-q'], { cwd: copy });
    execFileSync('changeset', ['version'], { cwd: copy, env: toolEnv, stdio: 'pipe' });

    for (const pkg of publicPackages) {
      const dir = join(copy, 'packages', pkg.dir.split('/').pop()!);
      const before = pkg.json.version;
      const after = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
      expect(after, pkg.name).not.toBe(before);
      expect(existsSync(join(dir, 'CHANGELOG.md')), `${pkg.name} CHANGELOG.md`).toBe(true);
      expect(readFileSync(join(dir, 'CHANGELOG.md'), 'utf8')).toContain(`## ${after}`);
    }
    expect(readdirSync(join(copy, '.changeset')).filter((f) => f.endsWith('.md') && f !== 'README.md')).toEqual([]);
  });

  it('left the real repository untouched', () => {
    for (const f of pending) expect(existsSync(join(root, '.changeset', f))).toBe(true);
  });
});
