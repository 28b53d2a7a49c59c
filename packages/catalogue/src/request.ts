// Named values (flags of `x`, arguments of an `x-mcp` tool) → the request of an operation, and
// the spec's verdict on it before anything is sent (through @x/openapi/reader's validateRequest),
// each problem naming the flag or argument it is about.
import { validateRequest } from '@x/openapi/reader';
import type { CatalogueOperation } from './catalogue-types.js';

export interface CatalogueRequest {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
}

/** Splits values named as the wire names them into the operation's path and query; `body` as given. */
export function requestOf(op: CatalogueOperation, values: Readonly<Record<string, unknown>>, body?: unknown): CatalogueRequest {
  const request: CatalogueRequest = { path: {}, query: {} };
  for (const p of op.parameters) if (values[p.name] !== undefined) request[p.in][p.name] = values[p.name];
  if (body !== undefined) request.body = body;
  return request;
}

/**
 * What is wrong with a request, one line per problem, each starting with the name `label` gives
 * the parameter (`--amount`, `amount`) or the body (`label('body')`). Empty when it may be sent.
 */
export function requestProblems(op: CatalogueOperation, request: CatalogueRequest, label: (name: string) => string): string[] {
  const { errors } = validateRequest(op.operationId, request);
  // A path segment `.` or `..` is resolved away by URL parsing: the request would reach another path.
  const dots = Object.entries(request.path)
    .filter(([, value]) => value === '.' || value === '..')
    .map(([name]) => `${label(name)}: must not be "." or ".." (in the path it would address another operation)`);
  return [
    ...dots,
    ...errors.map((line) => {
      const missing = /^missing required (?:path|query) parameter (.+)$/.exec(line);
      if (missing) return `${label(missing[1]!)}: required`;
      const bad = /^(?:path|query) parameter ([^:]+): (.*)$/.exec(line);
      if (bad) return `${label(bad[1]!)}: ${bad[2]!.replace(/^\s*must/, 'must')}`;
      if (line === 'missing required request body') return `${label('body')}: required`;
      if (line.startsWith('body: ')) return `${label('body')}: ${line.slice('body: '.length)}`;
      if (line.endsWith('takes no request body')) return `${label('body')}: ${op.command} takes no body`;
      return line;
    }),
  ];
}
