// The spec-evolution check of `npm test`: the current bundle (spec/dist/openapi.json) against the
// spec as last released (spec/released/openapi@<version>.json), every change classified, and the
// pending changesets of `.changeset/` held to what the changes ask of each package made from the
// spec: a breaking change `minor` while the package is 0.x and `major` from 1.0, any other change
// at least `patch`.
//   node tools/spec-evolution/check.ts     prints the changes and what is missing; exits 1 on a failure
//                                          (it reads the bundle: `pnpm --filter @x/spec run bundle` first)
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type OpenApiDocument, operations } from '../../packages/openapi/dist/reader.js';
import { BUNDLE, readBaseline, REFRESH_COMMAND } from './baseline.ts';
import { type Bump, atLeast, breakingBump, packageVersion, pendingReleases, SPEC_PACKAGES } from './changesets.ts';
import { type Change, classifySpecChanges } from './classify.ts';

export interface MissingRelease {
  name: string;
  version: string;
  need: Bump;
  have?: Bump;
  files: string[];
}

export interface EvolutionReport {
  ok: boolean;
  /** The version of the baseline and of @x/openapi in the workspace (they must be the same). */
  baselineVersion?: string;
  releasedVersion: string;
  changes: Change[];
  missing: MissingRelease[];
  /** What a person reads: the changes, why each is (non-)breaking, and what changeset to add. */
  message: string;
}

/**
 * One line per change; the same change in several operations (a shared schema or response changed)
 * is one line naming them all.
 */
export function describeChanges(changes: Change[], totalOperations = Number.POSITIVE_INFINITY): string[] {
  const groups = new Map<string, { change: Change; operations: string[] }>();
  for (const change of changes) {
    const key = [change.impact, change.where, change.what, change.why].join('\u0000');
    const group = groups.get(key);
    if (group) group.operations.push(change.operation);
    else groups.set(key, { change, operations: [change.operation] });
  }
  const names = (ops: string[]) =>
    ops.length >= totalOperations
      ? `in every operation (${ops.length})`
      : `in ${ops.length} operations: ${ops.map((op) => /\((\w+)\)$/.exec(op)?.[1] ?? op).join(', ')}`;
  const lines = (impact: string) =>
    [...groups.values()]
      .filter((g) => g.change.impact === impact)
      .map(({ change: c, operations: ops }) =>
        ops.length === 1 ? `  - ${c.operation} › ${c.where}: ${c.what} (${c.why})` : `  - ${c.where}: ${c.what} (${c.why}), ${names(ops)}`,
      );
  const breaking = lines('breaking');
  const other = lines('non-breaking');
  return [...(breaking.length ? ['Breaking:', ...breaking] : []), ...(other.length ? ['Non-breaking:', ...other] : [])];
}

function changesetExample(missing: MissingRelease[], changes: Change[]): string[] {
  const breaking = changes.some((c) => c.impact === 'breaking');
  return [
    'Add a changeset, e.g. .changeset/<name>.md (one scoped sentence per change; rename: old and new name):',
    '  ---',
    ...missing.map((m) => `  '${m.name}': ${m.need}`),
    '  ---',
    '',
    breaking
      ? '  <what users must change, e.g. "`swapGetOrder` answers no longer carry `mode`.">'
      : '  <what users get, e.g. "`swapGetOrder` takes an optional `foo` query parameter.">',
  ];
}

/** Runs the check on the workspace at `root` (a copy in the tests). */
export function checkSpecEvolution(root: string): EvolutionReport {
  const releasedVersion = packageVersion(root, 'openapi');
  const fail = (message: string, rest: Partial<EvolutionReport> = {}): EvolutionReport => ({
    ok: false,
    releasedVersion,
    changes: [],
    missing: [],
    message,
    ...rest,
  });
  let baseline: ReturnType<typeof readBaseline>;
  try {
    baseline = readBaseline(root);
  } catch (error) {
    return fail(`spec-evolution: ${(error as Error).message}`);
  }
  if (baseline.version !== releasedVersion) {
    return fail(
      [
        `spec-evolution: the baseline is the spec of @x/openapi ${baseline.version} (${baseline.file}), but @x/openapi is at ${releasedVersion}.`,
        `After \`changeset version\` released ${releasedVersion}, run \`${REFRESH_COMMAND}\` and commit ${baseline.file.replace(baseline.version, releasedVersion)} with the release;`,
        `if @x/openapi's version was changed by hand, put it back to ${baseline.version}.`,
      ].join('\n'),
      { baselineVersion: baseline.version },
    );
  }
  if (!existsSync(join(root, BUNDLE))) return fail(`spec-evolution: ${BUNDLE} is missing; run \`pnpm --filter @x/spec run bundle\``);
  const current = JSON.parse(readFileSync(join(root, BUNDLE), 'utf8')) as OpenApiDocument;
  const changes = classifySpecChanges(baseline.document, current);
  const base = { baselineVersion: baseline.version, releasedVersion, changes };
  let pending: ReturnType<typeof pendingReleases>;
  try {
    pending = pendingReleases(root);
  } catch (error) {
    return fail(`spec-evolution: ${(error as Error).message}`, base);
  }
  if (changes.length === 0)
    return { ok: true, ...base, missing: [], message: `spec-evolution: spec/ is the spec released as ${baseline.version}` };

  const breaking = changes.some((c) => c.impact === 'breaking');
  const missing: MissingRelease[] = [];
  for (const { name, dir } of SPEC_PACKAGES) {
    const version = packageVersion(root, dir);
    const need: Bump = breaking ? breakingBump(version) : 'patch';
    const have = pending.get(name);
    if (!atLeast(have?.bump, need)) missing.push({ name, version, need, ...(have ? { have: have.bump } : {}), files: have?.files ?? [] });
  }
  const count = (impact: string) => changes.filter((c) => c.impact === impact).length;
  const head = `spec-evolution: spec/ differs from the spec released as @x/openapi ${baseline.version} (${baseline.file}): ${count('breaking')} breaking, ${count('non-breaking')} non-breaking change(s).`;
  if (missing.length === 0) {
    return {
      ok: true,
      ...base,
      missing,
      message: [head, ...describeChanges(changes, operations(current).length), 'Every package made from the spec has its changeset.'].join(
        '\n',
      ),
    };
  }
  const rule = breaking
    ? 'A breaking change needs `minor` while the package is 0.x and `major` from 1.0, for every package made from the spec:'
    : 'A non-breaking change needs at least `patch` for every package made from the spec:';
  const lacks = missing.map(
    (m) =>
      `  ${m.name} ${m.version}: needs ${m.need}, ${m.have ? `has only ${m.have} (${m.files.join(', ')})` : 'has no pending changeset'}`,
  );
  return {
    ok: false,
    ...base,
    missing,
    message: [
      head,
      ...describeChanges(changes, operations(current).length),
      '',
      rule,
      ...lacks,
      '',
      ...changesetExample(missing, changes),
    ].join('\n'),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const report = checkSpecEvolution(fileURLToPath(new URL('../../', import.meta.url)));
  (report.ok ? console.log : console.error)(report.message);
  process.exit(report.ok ? 0 : 1);
}
