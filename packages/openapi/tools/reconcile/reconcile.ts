// Lists the differences between our bundled spec and another OpenAPI document of the same service
// (one area's file, OpenAPI 3.0 or 3.1): operations only one side has, then, per operation both
// describe, every difference `compareOperations` finds.
import { HTTP_METHODS, type OpenApiDocument, operations } from '@x/openapi/reader';
import { compareOperations, type Difference } from './compare.ts';
import { pairOperations, serverBasePath } from './match.ts';

export interface ReconcileOptions {
  /** Their base path, when their server URL does not give ours (`--base /tx/v1/submit`). */
  base?: string;
  /** Their names to ours: brand-named enum values, fields and parameters to the neutral ones. */
  renames?: Record<string, string>;
}

/** Gives every operation of `doc` an operationId (`GET /order`) when it has none; returns a copy. */
export function withOperationIds(doc: OpenApiDocument): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const copy: Record<string, unknown> = { ...item };
    for (const method of HTTP_METHODS) {
      const op = copy[method] as Record<string, unknown> | undefined;
      if (op && typeof op.operationId !== 'string') copy[method] = { ...op, operationId: `${method.toUpperCase()} ${path}` };
    }
    paths[path] = copy as OpenApiDocument['paths'][string];
  }
  return { ...doc, paths };
}

export function reconcile(theirs: OpenApiDocument, ours: OpenApiDocument, options: ReconcileOptions = {}): Difference[] {
  const theirDoc = withOperationIds(theirs);
  const base = (options.base ?? serverBasePath(theirDoc)).replace(/\/+$/, '');
  const renames = options.renames ?? {};
  const rename = (value: string) => renames[value] ?? value;
  const { pairs, onlyTheirs, onlyOurs } = pairOperations(operations(ours), operations(theirDoc), base, rename);
  const out: Difference[] = [];
  for (const op of onlyOurs) {
    out.push({
      operation: op.operationId,
      location: `operation ${op.method} ${op.path}`,
      kind: 'operation',
      ours: 'declared',
      theirs: 'absent',
    });
  }
  for (const op of onlyTheirs) {
    out.push({ operation: `${op.method} ${base}${op.path}`, location: 'operation', kind: 'operation', ours: 'absent', theirs: 'declared' });
  }
  for (const { ours: mine, theirs: other } of pairs) {
    out.push(...compareOperations({ op: mine, doc: ours }, { op: other, doc: theirDoc }, rename));
  }
  return out;
}

/**
 * Several of their files at once (one area may span several): an operation of ours is reported
 * as absent from theirs only when none of the files describes it.
 */
export function reconcileAll(
  files: ReadonlyArray<{ name: string; doc: OpenApiDocument; base?: string }>,
  ours: OpenApiDocument,
  renames: Record<string, string> = {},
): Array<Difference & { file: string }> {
  const rows = files.flatMap(({ name, doc, base }) =>
    reconcile(doc, ours, { ...(base ? { base } : {}), renames }).map((d) => ({ file: name, ...d })),
  );
  const paired = new Set(files.flatMap(({ doc, base }) => pairedIds(doc, ours, base, renames)));
  return rows.filter((row) => !(row.kind === 'operation' && row.ours === 'declared' && paired.has(row.operation)));
}

function pairedIds(theirs: OpenApiDocument, ours: OpenApiDocument, base: string | undefined, renames: Record<string, string>): string[] {
  const theirDoc = withOperationIds(theirs);
  const rename = (value: string) => renames[value] ?? value;
  return pairOperations(operations(ours), operations(theirDoc), (base ?? serverBasePath(theirDoc)).replace(/\/+$/, ''), rename).pairs.map(
    (p) => p.ours.operationId,
  );
}

/** A Markdown table of the differences (`--format table`). */
export function toTable(differences: readonly Difference[]): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const rows = differences.map((d) => `| ${cell(d.operation)} | ${cell(d.location)} | ${d.kind} | ${cell(d.ours)} | ${cell(d.theirs)} |`);
  return ['| operation | location | kind | ours | theirs |', '|---|---|---|---|---|', ...rows].join('\n');
}
