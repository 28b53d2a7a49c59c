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
    setup: '`--allow-net`; `--allow-env` for `@x/mock` (its `@solana/kit` loads `ws`, which reads the environment)',
    kind: { type: 'deno', flags: ['--allow-net=127.0.0.1'], mockFlags: ['--allow-env'] },
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

/** Every entry of the packages, and the packages of each step. */
export const ENTRIES = [
  '@x/types',
  '@x/fetch-client',
  '@x/fetch-client/sdk',
  '@x/fetch-client/validate',
  '@x/openapi/reader',
  '@x/mock',
  '@x/mock/msw',
  '@x/mock/node',
  '@x/signing',
  '@x/signing/flows',
  '@x/chain',
] as const;

const packageOf = (entry: string) => entry.split('/').slice(0, 2).join('/');

export const STEP_PACKAGES: Readonly<Record<StepName, readonly string[]>> = {
  imports: [],
  read: ['@x/fetch-client', '@x/openapi'],
  signer: ['@x/signing'],
  swap: ['@x/signing', '@x/fetch-client'],
  auth: ['@x/signing', '@x/fetch-client'],
  swapFlow: ['@x/signing', '@x/fetch-client'],
  simulator: ['@x/mock'],
};

/** The highest engines floor among `packages`. */
export function floorOfPackages(packages: readonly string[]): string | undefined {
  return packages
    .map((name) => floorOfPackage.get(name)!)
    .sort(byVersion)
    .at(-1);
}

/** Whether a Node row is at or above the floor `packages` declare. */
export function meetsFloor(row: Row, packages: readonly string[]): boolean {
  if (row.kind.type !== 'node') return true;
  const floor = floorOfPackages(packages);
  return floor === undefined || byVersion(row.kind.version, floor) >= 0;
}

/** The entries a process row (Node, Bun, Deno) imports: all, less those above a Node row's floor. */
export function processEntries(row: Row): string[] {
  return ENTRIES.filter((entry) => meetsFloor(row, [packageOf(entry)]));
}
