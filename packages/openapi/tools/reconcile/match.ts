// Pairs the operations of two documents: same method and same full path (the server's base path
// followed by the path template), with path parameter names ignored (`{id}` = `{orderId}`).
import type { OpenApiDocument, Operation } from '@x/openapi/reader';

export interface Pairing {
  pairs: Array<{ ours: Operation; theirs: Operation }>;
  /** Their operations we do not describe. */
  onlyTheirs: Operation[];
  /** Our operations under their base path that they do not describe. */
  onlyOurs: Operation[];
}

/** The path of the document's first server URL (`https://host/swap/v2` → `/swap/v2`), or ''. */
export function serverBasePath(doc: OpenApiDocument): string {
  const url = (doc.servers as Array<{ url?: string }> | undefined)?.[0]?.url;
  if (!url) return '';
  const path = /^[a-z]+:\/\/[^/]+(\/.*)?$/i.exec(url)?.[1] ?? (url.startsWith('/') ? url : '');
  return path.replace(/\/+$/, '');
}

export function pathKey(method: string, path: string): string {
  const normal = path.replace(/\{[^}]*\}/g, '{}').replace(/\/+$/, '') || '/';
  return `${method.toUpperCase()} ${normal}`;
}

/** Their path with each segment renamed (a brand-named segment to our neutral one). */
export function renamePath(path: string, rename: (value: string) => string): string {
  return path
    .split('/')
    .map((segment) => rename(segment))
    .join('/');
}

/** Pairs `theirs` (their paths below `base`) with `ours`; only our operations below `base` count as missing. */
export function pairOperations(
  ours: readonly Operation[],
  theirs: readonly Operation[],
  base: string,
  rename: (value: string) => string = (v) => v,
): Pairing {
  const byKey = new Map(ours.map((op) => [pathKey(op.method, op.path), op]));
  const pairs: Pairing['pairs'] = [];
  const onlyTheirs: Operation[] = [];
  const matched = new Set<Operation>();
  for (const op of theirs) {
    const mine = byKey.get(pathKey(op.method, `${base}${op.path === '/' ? '' : renamePath(op.path, rename)}`));
    if (mine) {
      pairs.push({ ours: mine, theirs: op });
      matched.add(mine);
    } else onlyTheirs.push(op);
  }
  const prefix = `${base}/`;
  const onlyOurs = ours.filter((op) => !matched.has(op) && (op.path === base || op.path.startsWith(prefix)));
  return { pairs, onlyTheirs, onlyOurs };
}
