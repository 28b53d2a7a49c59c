// The baseline of the spec-evolution check: the bundled spec as it was released, one committed file
// `spec/released/openapi@<version>.json`, where <version> is the version of @x/openapi that published
// it. Rewritten right after `changeset version` (which bumps @x/openapi and consumes the changesets):
//   pnpm --filter @x/spec run baseline     (bundles the spec, then runs this file with --write)
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenApiDocument } from '../../packages/openapi/dist/reader.js';
import { packageVersion, pendingReleases, SPEC_PACKAGES } from './changesets.ts';

export const BASELINE_DIR = join('spec', 'released');
export const BUNDLE = join('spec', 'dist', 'openapi.json');
export const REFRESH_COMMAND = 'pnpm --filter @x/spec run baseline';
const FILE = /^openapi@(\d+\.\d+\.\d+(?:-[\w.]+)?)\.json$/;

export interface Baseline {
  version: string;
  /** Relative to the root: `spec/released/openapi@0.1.0.json`. */
  file: string;
  document: OpenApiDocument;
}

/** The one baseline of `<root>/spec/released/`; throws, saying what to do, when there is none, several, or a mislabelled one. */
export function readBaseline(root: string): Baseline {
  const dir = join(root, BASELINE_DIR);
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
  if (files.length !== 1 || !FILE.test(files[0]!)) {
    throw new Error(
      `${BASELINE_DIR}/ must hold exactly one openapi@<version>.json (found: ${files.join(', ') || 'none'}); ` +
        `run \`${REFRESH_COMMAND}\` on the commit of the last release`,
    );
  }
  const file = files[0]!;
  const snapshot = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { version?: string; document?: OpenApiDocument };
  const version = FILE.exec(file)![1]!;
  if (snapshot.version !== version || !snapshot.document) {
    throw new Error(`${BASELINE_DIR}/${file} says version ${snapshot.version} inside: it was edited by hand; run \`${REFRESH_COMMAND}\``);
  }
  return { version, file: join(BASELINE_DIR, file), document: snapshot.document };
}

/**
 * Writes the current bundle as the baseline of the current @x/openapi version, removing the previous
 * one. Refuses while a changeset for a spec package is pending: the baseline is the spec as released,
 * so it is cut after `changeset version`, never before.
 */
export function writeBaseline(root: string): Baseline {
  const pending = [...pendingReleases(root)].filter(([name]) => SPEC_PACKAGES.some((p) => p.name === name));
  if (pending.length) {
    throw new Error(
      `baseline: pending changesets for ${pending.map(([name, r]) => `${name} (${r.files.join(', ')})`).join('; ')}: ` +
        'run `changeset version` first, the baseline is the spec as released',
    );
  }
  const version = packageVersion(root, 'openapi');
  const document = JSON.parse(readFileSync(join(root, BUNDLE), 'utf8')) as OpenApiDocument;
  const dir = join(root, BASELINE_DIR);
  mkdirSync(dir, { recursive: true });
  for (const old of readdirSync(dir)) if (FILE.test(old)) rmSync(join(dir, old));
  const file = join(BASELINE_DIR, `openapi@${version}.json`);
  const snapshot = {
    generated: `Generated, do not edit: the bundled spec as released in @x/openapi ${version}, the baseline of the spec-evolution check. Rewritten by \`${REFRESH_COMMAND}\` after \`changeset version\`.`,
    version,
    document,
  };
  writeFileSync(join(root, file), `${JSON.stringify(snapshot, null, 2)}\n`);
  return { version, file, document };
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--write')) {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  try {
    const { file, version } = writeBaseline(root);
    console.log(`baseline: wrote ${file} (@x/openapi ${version}); commit it with the release`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
