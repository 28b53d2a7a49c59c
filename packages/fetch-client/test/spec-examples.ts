// Call arguments for every operation, taken from the spec's own examples: the required path and
// query parameters and the request body. Used by the contract tests and the type-check benchmark.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const specFile = fileURLToPath(new URL('../../../spec/dist/openapi.json', import.meta.url));

export interface OperationCase {
  id: string;
  method: string;
  path: string;
  options: { path?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
}

export function loadSpec(): any {
  return JSON.parse(readFileSync(specFile, 'utf8'));
}

export function operationCases(spec: any = loadSpec()): OperationCase[] {
  const deref = (node: any): any => {
    const ref: string | undefined = node?.$ref;
    if (!ref) return node;
    return deref(ref.slice(2).split('/').reduce((o: any, k) => o[k.replace(/~1/g, '/').replace(/~0/g, '~')], spec));
  };
  const exampleOf = (node: any): unknown => {
    const n = deref(node);
    if (n?.example !== undefined) return n.example;
    const first = n?.examples && Object.values<any>(n.examples)[0];
    if (first !== undefined) return deref(first).value;
    if (n?.schema) return exampleOf(n.schema);
    return undefined;
  };

  const cases: OperationCase[] = [];
  for (const [path, item] of Object.entries<any>(spec.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const op = item[method];
      if (!op) continue;
      const options: OperationCase['options'] = {};
      for (const raw of [...(item.parameters ?? []), ...(op.parameters ?? [])]) {
        const param = deref(raw);
        if (!param.required) continue;
        const value = exampleOf(param);
        if (value === undefined) throw new Error(`${op.operationId}: no example for required parameter ${param.name}`);
        if (param.in === 'path' || param.in === 'query') (options[param.in as 'path' | 'query'] ??= {})[param.name] = value;
      }
      const content = deref(op.requestBody)?.content?.['application/json'];
      if (content) {
        options.body = exampleOf(content);
        if (options.body === undefined) throw new Error(`${op.operationId}: no request body example`);
      }
      cases.push({ id: op.operationId, method: method.toUpperCase(), path, options });
    }
  }
  return cases;
}
