// The rows of the runtime matrix: every runtime the README names, how the consumer program runs
// there, and which entries and steps are meant for it. Node runs at each engines floor the
// packages declare and on the workspace's Node 24; a step whose packages declare a higher floor
// than a Node row is not meant for that row (`n/a`), and its entries are not imported there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { floorOf } from '../release/node-runtime.ts';
import { publicPackages, root } from '../workspace.ts';
import type { StepName } from './consumer/report.ts';

/** How a row runs: a process (Node, Bun, Deno), workerd through Miniflare, or a Chromium page. */
export type RowKind =
  | {
      readonly type: 'node';
      readonly version: string /** the workspace's own Node (node_modules/.bin/node), not one in .cache */;
      readonly workspace?: true;
    }
  | { readonly type: 'bun' }
  | {
      readonly type: 'deno';
      /** the permissions of every program */
      readonly flags: readonly string[];
      /** and those a program that imports `@x/mock` adds (it runs in a process of its own, to show the others need only `flags`) */
      readonly mockFlags: readonly string[];
      /** and those a program that imports `@x/react-query` adds (React reads `process.env.NODE_ENV`; a process of its own too) */
      readonly reactFlags: readonly string[];
      /** and those the `x` and `x-mcp` commands add to `flags` */
      readonly commandFlags: readonly string[];
    }
  | { readonly type: 'workerd'; readonly conditions: readonly string[]; readonly compatibilityFlags: readonly string[] }
  | { readonly type: 'chromium' };

export interface Row {
  readonly id: string;
  /** The runtime, as the README's table names it. */
  readonly label: string;
  /** How it is set up: the flags, conditions or bundler it needs (the README's second column). */
  readonly setup: string;
  readonly kind: RowKind;
}

const rootJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
/** The version a root devDependency pins (`npm:bun@1.4.5` → `1.4.5`). */
const pinned = (name: string) => rootJson.devDependencies[name]!.replace(/^npm:[^@]+@/, '');

const byVersion = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** The engines floor of each public package (`22.12.0`). */
export const floorOfPackage: ReadonlyMap<string, string> = new Map(publicPackages.map((p) => [p.name, floorOf(p.json.engines.node)]));

/** Every engines floor declared, lowest first. */
export const floors: readonly string[] = [...new Set(floorOfPackage.values())].sort(byVersion);

/** The wrangler's bundler conditions (`wrangler deploy` builds with esbuild and these, unless told otherwise). */
export const WRANGLER_CONDITIONS = ['workerd', 'worker', 'browser'] as const;

export const rows: readonly Row[] = [
  ...floors.map(
    (version): Row => ({
      id: `node-${version}`,
      label: `Node ${version}`,
      setup: `engines floor of ${[...floorOfPackage]
        .filter(([, floor]) => floor === version)
        .map(([name]) => `\`${name}\``)
        .join(', ')}`,
      kind: { type: 'node', version },
    }),
  ),
  {
    id: 'node-24',
    label: `Node ${pinned('node')}`,
    setup: "the workspace's Node",
    kind: { type: 'node', version: pinned('node'), workspace: true },
  },
  { id: 'bun', label: `Bun ${pinned('bun')}`, setup: 'no flags', kind: { type: 'bun' } },
  {
    id: 'deno',
    label: `Deno ${pinned('deno')}`,
    setup:
      '`--allow-net`; `--allow-env` for `@x/mock` (its `@solana/kit` loads `ws`, which reads the environment); `--allow-env=NODE_ENV` for `@x/react-query` (React reads it); `--allow-env=X_BASE_URL,X_API_KEY,X_BEARER_TOKEN` for the `x` and `x-mcp` commands (their settings)',
    kind: {
      type: 'deno',
      flags: ['--allow-net=127.0.0.1'],
      mockFlags: ['--allow-env'],
      reactFlags: ['--allow-env=NODE_ENV'],
      commandFlags: ['--allow-env=X_BASE_URL,X_API_KEY,X_BEARER_TOKEN'],
    },
  },
  {
    id: 'workerd-browser',
    label: `workerd (Miniflare ${pinned('miniflare').split('.')[0]})`,
    setup: 'bundled with the `browser` condition, no compatibility flags',
    kind: { type: 'workerd', conditions: [], compatibilityFlags: [] },
  },
  {
    id: 'workerd-wrangler',
    label: `workerd (Miniflare ${pinned('miniflare').split('.')[0]})`,
    setup: `bundled as \`wrangler deploy\` does (conditions ${WRANGLER_CONDITIONS.map((c) => `\`${c}\``).join(', ')}), no compatibility flags`,
    kind: { type: 'workerd', conditions: WRANGLER_CONDITIONS, compatibilityFlags: [] },
  },
  {
    id: 'workerd-nodejs-compat',
    label: `workerd (Miniflare ${pinned('miniflare').split('.')[0]})`,
    setup: 'bundled as `wrangler deploy` does, with `nodejs_compat`',
    kind: { type: 'workerd', conditions: WRANGLER_CONDITIONS, compatibilityFlags: ['nodejs_compat'] },
  },
  {
    id: 'chromium',
    label: "Chromium (Debian's)",
    setup: 'bundled with esbuild for the browser, page on http://127.0.0.1',
    kind: { type: 'chromium' },
  },
];

/** A target of an `exports` map that is a JavaScript module (a string, or the `import`/`default` condition of an object). */
function isModuleTarget(target: unknown): boolean {
  if (typeof target === 'string') return /\.[cm]?js$/.test(target);
  if (target === null || typeof target !== 'object') return false;
  const conditions = target as Record<string, unknown>;
  return isModuleTarget(conditions.import ?? conditions.default);
}

/**
 * The entries a package publishes for programs to import, from its `exports` map: `.` is the
 * package's name, `./sdk` is `<name>/sdk`; `./package.json` and data files (`./openapi.json`) are
 * not entries.
 */
export function entriesOf(pkg: {
  readonly name: string;
  readonly json: { readonly exports?: Readonly<Record<string, unknown>> };
}): string[] {
  return Object.entries(pkg.json.exports ?? {})
    .filter(([subpath, target]) => subpath !== './package.json' && isModuleTarget(target))
    .map(([subpath]) => (subpath === '.' ? pkg.name : `${pkg.name}${subpath.slice(1)}`));
}

/** Every entry of the published packages: a new package or entry is in the matrix once its `exports` map has it. */
export const ENTRIES: readonly string[] = publicPackages.flatMap(entriesOf);

/** The package of an entry (`@x/fetch-client/sdk` → `@x/fetch-client`). */
export const packageOf = (entry: string) => entry.split('/').slice(0, 2).join('/');

/**
 * The entries a kind of runtime does not take, and why: the README's "what runs where" says so,
 * and the matrix checks `@x/mock`'s core entry there on its own (the `simulator` step, limits.ts).
 */
export const NOT_FOR: Readonly<Partial<Record<RowKind['type'], { readonly entries: readonly string[]; readonly why: string }>>> = {
  workerd: {
    entries: ['@x/mock', '@x/mock/msw', '@x/mock/node'],
    why: "`@x/mock` does not run on workerd (limits.ts); msw runs in Node and browsers only; `@x/mock/node` is Node's (`node:http`)",
  },
  chromium: { entries: ['@x/mock/node'], why: '`@x/mock/node` serves over `node:http`' },
};

export const STEP_PACKAGES: Readonly<Record<StepName, readonly string[]>> = {
  imports: [],
  read: ['@x/fetch-client', '@x/openapi'],
  signer: ['@x/signing'],
  swap: ['@x/signing', '@x/fetch-client'],
  auth: ['@x/signing', '@x/fetch-client'],
  swapFlow: ['@x/signing', '@x/fetch-client'],
  simulator: ['@x/mock'],
  mcpServer: ['@x/mcp'],
  cli: ['@x/cli'],
  mcpStdio: ['@x/mcp'],
};

/** The highest engines floor among `packages`. */
export function floorOfPackages(packages: readonly string[]): string | undefined {
  return packages
    .map((name) => floorOfPackage.get(name)!)
    .sort(byVersion)
    .at(-1);
}

/** Whether a row runs processes (Node, Bun, Deno): the published commands run there only. */
export const isProcessRow = (row: Row) => ['node', 'bun', 'deno'].includes(row.kind.type);

/** Whether a Node row is at or above the floor `packages` declare. */
export function meetsFloor(row: Row, packages: readonly string[]): boolean {
  if (row.kind.type !== 'node') return true;
  const floor = floorOfPackages(packages);
  return floor === undefined || byVersion(row.kind.version, floor) >= 0;
}

/** The entries a row imports: every entry, less those above a Node row's floor and those its kind of runtime does not take. */
export function rowEntries(row: Row): string[] {
  const notFor = NOT_FOR[row.kind.type]?.entries ?? [];
  return ENTRIES.filter((entry) => meetsFloor(row, [packageOf(entry)]) && !notFor.includes(entry));
}
